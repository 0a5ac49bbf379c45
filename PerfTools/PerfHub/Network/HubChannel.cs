using System.Diagnostics;
using System.Net.Sockets;
using Eta.Transport;
using PerfTools.Common.Network;
using PerfTools.PerfHub.Options;
using PerfTools.PerfHub.Statistics;

namespace PerfTools.PerfHub.Network;

/// <summary>
/// One connection of the hub, whatever is at the other end: drives the handshake and writes through transport
/// buffers, packing up to -maxPackCount messages into -packBufSize buffers when packing is on (reading is Common's
/// <see cref="ChannelReader"/>'s, through <see cref="Port"/>). Output is bounded: the channel's buffer pool (-outputBufs/-maxOutputBufs) is all it may queue; a message that
/// finds no buffer is queued by the router (images, admin) or dropped and counted (updates, see <see cref="Dropped"/>),
/// and the hub closes a channel that stays without a buffer for -stallTimeout. Writes and flushes go through the tools'
/// one write contract (<see cref="WriteRetry"/>: a fragmented write is retried a bounded number of times, never spun
/// on while the single hub thread serves everyone). Allocates nothing per message.
/// </summary>
internal sealed class HubChannel : IMessageOutput, IDisposable
{
    private readonly Channel _channel;
    private readonly TransportChannelPort _port;
    private readonly WriteArgs _writeArgs = new() { Priority = WritePriority.High, Flags = WriteFlags.None };
    private readonly PerfHubOptions _options;
    private readonly InProgressInfo _progress = new();
    // RIPC's u16 length before each message of a packed buffer.
    private const int PackedLengthSlot = 2;

    private TransportBuffer? _buffer;
    private bool _bufferPacked;
    // The largest packed buffer the channel gives (its negotiated max fragment size); 0 with packing off.
    private int _packLimit;
    private int _messagesInBuffer;
    private bool _flushPending;
    private long _stalledSince;
    private long _heldSince;

    private readonly HubCounters _counters;

    public HubChannel(Channel channel, ChannelRole role, string name, PerfHubOptions options, HubCounters counters)
    {
        _channel = channel;
        _port = new TransportChannelPort(channel);
        Role = role;
        Name = name;
        _options = options;
        _counters = counters;
    }

    public ChannelRole Role { get; }

    public string Name { get; }

    public Socket Socket => _channel.Socket;

    public bool IsActive { get; private set; }

    /// <summary>While the hub's own connection (upstream) is in its handshake, where it stands; null otherwise.</summary>
    public string? PendingHandshake => _channel.PendingHandshake;

    /// <summary>The channel as Common's <see cref="ChannelReader"/> reads it (only once <see cref="IsActive"/>).</summary>
    public IChannelPort Port => _port;

    public bool HasPendingOutput => _flushPending || _messagesInBuffer > 0;

    /// <summary>Why the channel is closing, once it is.</summary>
    public string? CloseReason { get; private set; }

    public long MessagesDropped { get; private set; }

    /// <summary>Advances the handshake; false when it failed (see <see cref="CloseReason"/>).</summary>
    public bool Initialize()
    {
        TransportReturnCode rc = _channel.Init(_progress);
        if (rc == TransportReturnCode.ChanInitInProgress)
            return true;
        if (rc != TransportReturnCode.Success)
            return TransportFailed("handshake failed");
        if (_options.HighWaterMark > 0 && _channel.IOCtl(IOCtlCode.HighWaterMark, _options.HighWaterMark) < TransportReturnCode.Success)
            return TransportFailed("setting the high water mark failed");
        int maxBuffers = Math.Max(_options.OutputBuffers, _options.MaxOutputBuffers);
        if (_channel.IOCtl(IOCtlCode.MaxNumBuffers, maxBuffers) < TransportReturnCode.Success)
            return TransportFailed("setting the output buffer limit failed");
        _packLimit = _options.Packing ? _channel.Info!.MaxFragmentSize : 0;
        IsActive = true;
        return true;
    }

    /// <summary>
    /// A read slice of <see cref="Port"/> ended <see cref="ReadSliceOutcome.Failed"/>: records why. A peer that closed its
    /// socket between messages ended the connection in order (LSEG's tools leave that way); anything else lost it.
    /// </summary>
    public void ReadFailed()
    {
        if (_channel.Error.PeerClosed)
            Fail("the peer closed the connection");
        else
            TransportFailed("connection lost");
    }

    public Span<byte> Reserve(int maxLength)
    {
        if (!IsActive || CloseReason is not null)
            return default;
        // A message larger than a packed buffer can hold (a big image, or a generous bound) goes alone, unpacked
        // (fragmented if it must be): the transport refuses a packed buffer beyond the max fragment size.
        bool packed = maxLength + PackedLengthSlot <= _packLimit;
        if (_buffer is not null && (!packed || !_bufferPacked || _buffer.Capacity < maxLength) && !WriteBuffer())
            return default;
        if (_buffer is null)
        {
            int size = packed ? Math.Min(Math.Max(_options.PackBufSize, maxLength + PackedLengthSlot), _packLimit) : maxLength;
            TransportReturnCode rc = _channel.GetBuffer(size, packed, out _buffer);
            if (_buffer is null && rc == TransportReturnCode.NoBuffers && Flush())
                _channel.GetBuffer(size, packed, out _buffer);
            if (_buffer is null)
            {
                if (_stalledSince == 0)
                    _stalledSince = Stopwatch.GetTimestamp();
                return default;
            }
            _bufferPacked = packed;
            _messagesInBuffer = 0;
        }
        _stalledSince = 0;
        return _buffer.Data[..Math.Min(maxLength, _buffer.Capacity)];
    }

    public bool Send(int length)
    {
        TransportBuffer buffer = _buffer ?? throw new InvalidOperationException("Send without Reserve.");
        buffer.Length = length;
        _messagesInBuffer++;
        _counters.MessagesOut++;
        if (!_bufferPacked || _messagesInBuffer >= _options.MaxPackCount)
            return WriteBuffer();
        if (_channel.PackBuffer(buffer) < TransportReturnCode.Success)
            return TransportFailed("packing failed");
        return true;
    }

    public bool HasBacklogUnder(int bytes)
    {
        if (_channel.PendingBytes < bytes)
        {
            _heldSince = 0;
            return true;
        }
        // Output held back until the peer reads: one that never does is closed by the stall timeout, as when no buffer is left.
        if (_heldSince == 0)
            _heldSince = Stopwatch.GetTimestamp();
        return false;
    }

    public void Dropped()
    {
        MessagesDropped++;
        _counters.MessagesDropped++;
    }

    public void Cancel()
    {
        if (_buffer is null)
            return;
        if (_messagesInBuffer == 0)
        {
            _channel.ReleaseBuffer(_buffer);
            _buffer = null;
        }
        else
        {
            _buffer.Length = 0; // packed: keep the messages already closed in it
        }
    }

    /// <summary>End of a pass of the loop: writes a partly filled packed buffer and flushes.</summary>
    public bool EndBurst() => (_buffer is null || _messagesInBuffer == 0 || WriteBuffer()) && Flush();

    /// <summary>Passes queued data to the socket; false when the channel failed.</summary>
    public bool Flush()
    {
        if (!_flushPending)
            return CloseReason is null;
        WriteOutcome outcome = WriteRetry.Flush(_port);
        if (outcome == WriteOutcome.Failed)
            return TransportFailed("flush failed");
        _flushPending = outcome == WriteOutcome.Queued;
        return true;
    }

    /// <summary>Once a second: pings and the peer-silent timeout.</summary>
    public bool CheckPings() => !IsActive || _channel.CheckPings() >= TransportReturnCode.Success || TransportFailed("ping timeout");

    /// <summary>True when the output has had no buffer, or held images back (<see cref="HasBacklogUnder"/>), for longer than <paramref name="limitMs"/>.</summary>
    public bool IsStalledLongerThan(int limitMs) => Exceeds(_stalledSince, limitMs) || Exceeds(_heldSince, limitMs);

    private static bool Exceeds(long since, int limitMs) => since != 0 && Stopwatch.GetElapsedTime(since).TotalMilliseconds > limitMs;

    /// <summary>Marks the channel for closing with <paramref name="reason"/> (the first reason given is kept).</summary>
    public bool Fail(string reason)
    {
        CloseReason ??= reason;
        return false;
    }

    private bool TransportFailed(string what) => Fail($"{what}: {_channel.Error.Text}");

    private bool WriteBuffer()
    {
        TransportBuffer buffer = _buffer!;
        _buffer = null;
        _messagesInBuffer = 0;
        switch (WriteRetry.Write(_port, buffer, _writeArgs))
        {
            case WriteOutcome.Failed:
                return TransportFailed("write failed");
            case WriteOutcome.CallAgain:
                // A fragmented message (a large image) found no buffers after the bounded retries: the peer is not
                // reading. Its remaining fragments cannot wait for a later pass without holding every other write
                // to this channel back, so the channel closes, as a stalled one does.
                return Fail($"output backed up: a fragmented message could not be written after {WriteRetry.MaxRetries} flushes");
            case WriteOutcome.Queued:
                _flushPending = true;
                break;
        }
        return true;
    }

    public void Dispose()
    {
        if (_buffer is not null && _channel.State == ChannelState.Active)
            _channel.ReleaseBuffer(_buffer);
        _buffer = null;
        _channel.Close();
    }
}
