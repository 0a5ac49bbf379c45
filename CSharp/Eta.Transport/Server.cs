using System.Net;
using System.Net.Sockets;
using Eta.Transport.Buffers;
using Eta.Transport.Io;
using Eta.Transport.Wiring;

namespace Eta.Transport;

/// <summary>
/// A listening RSSL server. Watch <see cref="Socket"/> for readability and call <see cref="Accept"/>; each
/// accepted <see cref="Channel"/> then runs its own handshake through <see cref="Channel.Init"/>, so one
/// misbehaving client never holds up the others. Owns the output buffer pool its channels share.
/// </summary>
public sealed class Server
{
    private static readonly AcceptOptions s_defaultAccept = new();

    private readonly Socket _listener;
    private readonly BindOptions _options;
    private readonly bool _locking;
    private readonly Tls.TlsServerOptions? _tls;
    private int _channelCount;

    private Server(Socket listener, BindOptions options, bool locking, Tls.TlsServerOptions? tls)
    {
        _listener = listener;
        _options = options;
        _locking = locking;
        _tls = tls;
        SharedPool = options.SharedPoolSize > 0
            ? new SharedBufferPool(options.SharedPoolSize, options.MaxFragmentSize + RipcLimits.HeaderLength + RipcLimits.PackedLengthSize + 64)
            : null;
        State = ChannelState.Active;
    }

    public ChannelState State { get; private set; }

    /// <summary>The listening socket: readable when a connection waits to be accepted.</summary>
    public Socket Socket => _listener;

    /// <summary>The port actually listened on (useful with port 0).</summary>
    public int Port => ((IPEndPoint)_listener.LocalEndPoint!).Port;

    public TransportError Error { get; } = new();

    public object? UserSpecObject => _options.UserSpecObject;

    /// <summary>Channels accepted and not yet closed.</summary>
    public int ChannelCount => Volatile.Read(ref _channelCount);

    /// <summary>Most shared pool buffers lent at once since the last reset.</summary>
    public int PeakSharedBufferUsage => SharedPool?.PeakInUse ?? 0;

    internal SharedBufferPool? SharedPool { get; }

    /// <summary>The handshakes (and their buffers) lent to accepted channels until they are active or closed.</summary>
    internal Handshake.ServerHandshakePool Handshakes { get; } = new();

    /// <param name="tls">The server's TLS identity, loaded by the caller; null unless the server is encrypted.</param>
    internal static Server Listen(BindOptions options, bool locking, Tls.TlsServerOptions? tls)
    {
        IPAddress address = options.InterfaceName is null ? IPAddress.Any : AddressLookup.Resolve(options.InterfaceName);
        var listener = new Socket(address.AddressFamily, SocketType.Stream, ProtocolType.Tcp);
        try
        {
            AllowBindOverTimeWait(listener);
            // Accepted sockets inherit the receive buffer size, which must be set before listen for large windows.
            listener.ReceiveBufferSize = options.SysRecvBufSize > 0 ? options.SysRecvBufSize : SocketSettings.DefaultSystemBufferSize;
            listener.Bind(new IPEndPoint(address, options.Port));
            listener.Listen(512);
            listener.Blocking = options.ServerBlocking;
            return new Server(listener, options, locking, tls);
        }
        catch
        {
            listener.Dispose();
            throw;
        }
    }

    /// <summary>
    /// Lets a restarted server bind its port while connections of the last one linger in TIME_WAIT, as LSEG's servers
    /// do, but never beside a server that still listens there: that bind must fail, or clients split between the two.
    /// .NET's <see cref="SocketOptionName.ReuseAddress"/> cannot do this on Unix, where it sets SO_REUSEPORT as well
    /// (two listeners then share the port), so SO_REUSEADDR is set alone there. Windows allows the rebind by default
    /// and its SO_REUSEADDR would allow stealing a port, so there the port is claimed exclusively instead.
    /// </summary>
    private static void AllowBindOverTimeWait(Socket listener)
    {
        Span<byte> on = stackalloc byte[sizeof(int)];
        BitConverter.TryWriteBytes(on, 1);
        if (OperatingSystem.IsLinux())
            listener.SetRawSocketOption(LinuxSolSocket, LinuxSoReuseAddr, on);
        else if (OperatingSystem.IsMacOS() || OperatingSystem.IsFreeBSD())
            listener.SetRawSocketOption(BsdSolSocket, BsdSoReuseAddr, on);
        else if (OperatingSystem.IsWindows())
            listener.ExclusiveAddressUse = true;
    }

    private const int LinuxSolSocket = 1, LinuxSoReuseAddr = 2; // <asm-generic/socket.h>
    private const int BsdSolSocket = 0xffff, BsdSoReuseAddr = 4;  // <sys/socket.h>

    /// <summary>
    /// Accepts a waiting connection; null when none is waiting (non-blocking server) or on failure, with
    /// <see cref="Error"/> saying which. The channel starts in <see cref="ChannelState.Initializing"/>
    /// (or active when the server was bound with ChannelsBlocking).
    /// </summary>
    public Channel? Accept(AcceptOptions? options = null)
    {
        if (options is null)
            options = s_defaultAccept; // valid: no per-accept allocation for the common case
        else
            options.Validate();
        if (State != ChannelState.Active)
        {
            Error.Set(TransportReturnCode.Failure, "Accept: the server is closed");
            return null;
        }
        // Asked first, because a non-blocking Accept with nothing waiting reports it by throwing: an exception (and
        // its allocation) at the end of every batch of accepts, bad clients' included.
        if (!_listener.Blocking && !_listener.Poll(0, SelectMode.SelectRead))
        {
            Error.Set(TransportReturnCode.ReadWouldBlock, "Accept: no connection is waiting");
            return null;
        }
        Socket socket;
        try
        {
            socket = _listener.Accept();
        }
        catch (SocketException e) when (e.SocketErrorCode == SocketError.WouldBlock)
        {
            Error.Set(TransportReturnCode.ReadWouldBlock, "Accept: no connection is waiting");
            return null;
        }
        catch (SocketException e)
        {
            Error.Set(TransportReturnCode.Failure, $"Accept: socket error {e.SocketErrorCode}", e.NativeErrorCode);
            return null;
        }
        try
        {
            new SocketSettings(_options.TcpNoDelay,
                options.SysSendBufSize > 0 ? options.SysSendBufSize : _options.SysSendBufSize,
                options.SysRecvBufSize > 0 ? options.SysRecvBufSize : _options.SysRecvBufSize,
                _options.SendTimeoutMs, _options.ReceiveTimeoutMs).Apply(socket);
            socket.Blocking = false;
            IChannelStream stream = _options.ConnectionType == ConnectionType.Encrypted
                ? StreamFactory.CreateServerTls(socket, _tls!)
                : new PlainSocketStream(socket);
            Channel channel = Channel.ForServer(this, _options, options, _locking, stream);
            Interlocked.Increment(ref _channelCount);
            if (_options.ChannelsBlocking)
                BlockingInit.Run(channel, _options.InitializationTimeout);
            return channel;
        }
        catch (SocketException e)
        {
            socket.Dispose();
            Error.Set(TransportReturnCode.Failure, $"Accept: could not set up the accepted socket ({e.SocketErrorCode})", e.NativeErrorCode);
            return null;
        }
    }

    /// <summary>Server-level settings: <see cref="IOCtlCode.ServerNumPoolBuffers"/> and <see cref="IOCtlCode.ServerPeakBufferReset"/>.</summary>
    public TransportReturnCode IOCtl(IOCtlCode code, int value)
    {
        switch (code)
        {
            case IOCtlCode.ServerNumPoolBuffers when SharedPool is not null && value >= 0:
                SharedPool.Resize(value);
                return TransportReturnCode.Success;
            case IOCtlCode.ServerPeakBufferReset when SharedPool is not null:
                SharedPool.ResetPeak();
                return TransportReturnCode.Success;
            case IOCtlCode.ServerNumPoolBuffers or IOCtlCode.ServerPeakBufferReset:
                return Error.Set(TransportReturnCode.Failure, $"IOCtl {code}: the server has no shared pool (SharedPoolSize 0) or the value {value} is invalid");
            default:
                return Error.Set(TransportReturnCode.Failure, $"IOCtl: {code} is not a server setting");
        }
    }

    /// <summary>Stops listening. Accepted channels stay open until closed one by one.</summary>
    public TransportReturnCode Close()
    {
        if (State == ChannelState.Inactive)
            return TransportReturnCode.Success;
        State = ChannelState.Inactive;
        _listener.Dispose();
        return TransportReturnCode.Success;
    }

    internal void OnChannelClosed() => Interlocked.Decrement(ref _channelCount);
}
