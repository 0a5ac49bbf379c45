using System.Globalization;
using System.Net.Sockets;
using Eta.Transport;
using PerfTools.Common.Lifetime;
using PerfTools.Common.Timing;
using PerfTools.ConsPerf.Options;
using PerfTools.ConsPerf.Session;

namespace PerfTools.ConsPerf.Network;

/// <summary>
/// The consumer's RSSL channel, reduced to what the session needs: connect (blocking handshake), wait for data,
/// read every available message into a <see cref="MessageReceiver"/>, and send one message at a time through a
/// reserved output buffer. Transport codes stay in here; the session sees true/false and <see cref="ErrorText"/>.
/// </summary>
internal sealed class ConsumerChannel : IDisposable
{
    // Messages read per ReadAvailable call, so a flood of updates cannot starve the tick's sending.
    private const int ReadBatch = 2048;

    private readonly Channel _channel;
    private TransportBuffer? _reserved;
    private bool _moreBuffered;

    private ConsumerChannel(Channel channel) => _channel = channel;

    public string ErrorText => _channel.Error.Text;

    // How long each readiness wait of the handshake lasts, so a stop request is seen promptly.
    private const int HandshakePollMicroseconds = 10_000;

    /// <summary>
    /// Connects and completes the handshake; null with <paramref name="error"/> when the provider is not there (or
    /// <paramref name="stop"/> fired meanwhile).
    /// </summary>
    public static ConsumerChannel? TryConnect(ConsPerfOptions o, CancellationToken stop, out string? error)
    {
        var options = new ConnectOptions
        {
            Host = o.Host,
            Port = int.Parse(o.Port, NumberStyles.None, CultureInfo.InvariantCulture),
            InterfaceName = o.InterfaceName.Length > 0 ? o.InterfaceName : null,
            ConnectionType = o.ConnectionType == ConnectionKind.Encrypted ? ConnectionType.Encrypted : ConnectionType.Socket,
            Tls = o.ConnectionType == ConnectionKind.Encrypted
                ? new ClientTlsOptions
                {
                    TrustedCaFile = o.CaStore.Length > 0 ? o.CaStore : null,
                    Protocols = o.TlsVersions.ToSslProtocols(),
                }
                : null,
            Blocking = false,
            TcpNoDelay = o.TcpNoDelay,
            GuaranteedOutputBuffers = o.OutputBuffers,
            NumInputBuffers = o.InputBuffers,
            SysSendBufSize = o.SendBufSize,
            SysRecvBufSize = o.RecvBufSize,
            SendTimeoutMs = o.SendTimeoutMs,
            ReceiveTimeoutMs = o.RecvTimeoutMs,
        };
        Channel? channel = Eta.Transport.Transport.Connect(options, out TransportError? failure);
        if (channel is null)
        {
            error = failure?.Text ?? "unknown transport failure";
            return null;
        }
        if (!CompleteHandshake(channel, stop, out error))
        {
            channel.Close();
            return null;
        }
        if (channel.IOCtl(IOCtlCode.MaxNumBuffers, o.EffectiveMaxOutputBuffers) < TransportReturnCode.Success
            || (o.HighWaterMark > 0 && channel.IOCtl(IOCtlCode.HighWaterMark, o.HighWaterMark) < TransportReturnCode.Success))
        {
            error = channel.Error.Text;
            channel.Close();
            return null;
        }
        error = null;
        return new ConsumerChannel(channel);
    }

    private static bool CompleteHandshake(Channel channel, CancellationToken stop, out string? error)
    {
        var progress = new InProgressInfo();
        while (!stop.IsCancellationRequested)
        {
            TransportReturnCode rc = channel.Init(progress);
            if (rc == TransportReturnCode.Success)
            {
                error = null;
                return true;
            }
            if (rc != TransportReturnCode.ChanInitInProgress)
            {
                error = channel.Error.Text;
                return false;
            }
            try
            {
                channel.Socket.Poll(HandshakePollMicroseconds, SelectMode.SelectRead);
            }
            catch (Exception e) when (e is SocketException or ObjectDisposedException)
            {
                // Init reports what happened to the socket.
            }
        }
        error = "stopped while connecting";
        return false;
    }

    /// <summary>True when a read may find data: buffered already, or the socket becomes readable within <paramref name="timeout"/>.</summary>
    public bool WaitReadable(TimeSpan timeout)
    {
        if (_moreBuffered)
            return true;
        try
        {
            // Poll waits in whole milliseconds; rounding up keeps a sub-millisecond wait from becoming a busy spin.
            return _channel.Socket.Poll(PollTimeout.Microseconds(timeout), SelectMode.SelectRead);
        }
        catch (Exception e) when (e is SocketException or ObjectDisposedException)
        {
            return true; // let the read report the failure
        }
    }

    /// <summary>Reads what is available (at most a batch) and hands each message over. False: the connection failed.</summary>
    public bool ReadAvailable(MessageReceiver receiver)
    {
        _moreBuffered = false;
        for (int i = 0; i < ReadBatch; i++)
        {
            TransportReturnCode rc = _channel.Read(out TransportBuffer? message);
            if (message is not null)
                receiver.OnMessage(message.Contents);
            if (rc > TransportReturnCode.Success || rc == TransportReturnCode.ReadFdChange)
            {
                _moreBuffered = true;
                continue;
            }
            if (rc is TransportReturnCode.Success)
            {
                _moreBuffered = false;
                if (message is null)
                    return true;
                continue;
            }
            _moreBuffered = false;
            return rc is TransportReturnCode.ReadWouldBlock or TransportReturnCode.ReadPing;
        }
        return true;
    }

    /// <summary>
    /// An output buffer's space for one message of at most <paramref name="maxLength"/> bytes; empty when no buffer is
    /// free right now. Follow with <see cref="Send"/> or <see cref="Cancel"/>.
    /// </summary>
    public Span<byte> Reserve(int maxLength)
    {
        if (_channel.GetBuffer(maxLength, packed: false, out TransportBuffer? buffer) != TransportReturnCode.Success || buffer is null)
            return Span<byte>.Empty;
        _reserved = buffer;
        return buffer.Data[..maxLength];
    }

    /// <summary>Writes the first <paramref name="length"/> bytes of the reserved space. False: the connection failed.</summary>
    public bool Send(int length)
    {
        TransportBuffer buffer = _reserved ?? throw new InvalidOperationException("Send without Reserve.");
        _reserved = null;
        buffer.Length = length;
        TransportReturnCode rc = _channel.Write(buffer);
        while (rc == TransportReturnCode.WriteCallAgain)
        {
            if (_channel.Flush() < TransportReturnCode.Success)
                return false;
            rc = _channel.Write(buffer);
        }
        return rc >= TransportReturnCode.Success;
    }

    public void Cancel()
    {
        if (_reserved is not null)
            _channel.ReleaseBuffer(_reserved);
        _reserved = null;
    }

    /// <summary>Sends what is queued. False: the connection failed.</summary>
    public bool Flush() => _channel.Flush() >= TransportReturnCode.Success;

    /// <summary>Sends a ping when one is due and checks that the provider is still alive. False: it is not.</summary>
    public bool CheckPings() => _channel.CheckPings() >= TransportReturnCode.Success;

    /// <summary>Closes so that the provider sees an orderly close, not a reset (see <see cref="GracefulClose"/>).</summary>
    public void Dispose() => GracefulClose.Close(_channel);
}
