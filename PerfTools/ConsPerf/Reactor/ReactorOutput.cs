using Eta.Transport;
using Eta.ValueAdd;
using PerfTools.ConsPerf.Session;

namespace PerfTools.ConsPerf.Reactor;

/// <summary>
/// Sending through the reactor channel one message at a time, the way the session's bursts want it: reserve space
/// in a buffer, encode, send (or cancel). Queued bytes are flushed by the reactor's dispatch.
/// </summary>
internal sealed class ReactorOutput : IConsumerOutput
{
    private readonly Eta.ValueAdd.Reactor _reactor;
    private ReactorChannel? _channel;
    private TransportBuffer? _reserved;

    public ReactorOutput(Eta.ValueAdd.Reactor reactor) => _reactor = reactor;

    public ReactorChannel? Channel { get => _channel; set => _channel = value; }

    public string ErrorText => _channel?.ErrorText ?? "no channel";

    /// <summary>Space for one message of at most <paramref name="maxLength"/> bytes; empty when no buffer is free now.</summary>
    public Span<byte> Reserve(int maxLength)
    {
        if (_channel is null || _channel.GetBuffer(maxLength, packed: false, out TransportBuffer? buffer) != ReactorReturnCode.Success)
            return Span<byte>.Empty;
        _reserved = buffer;
        return buffer!.Data[..maxLength];
    }

    /// <summary>Submits the first <paramref name="length"/> bytes of the reserved space. False: the channel failed.</summary>
    public bool Send(int length)
    {
        TransportBuffer buffer = _reserved ?? throw new InvalidOperationException("Send without Reserve.");
        _reserved = null;
        buffer.Length = length;
        ReactorReturnCode rc = _channel!.Submit(buffer);
        while (rc == ReactorReturnCode.WriteCallAgain)
        {
            if (_reactor.Dispatch() == ReactorReturnCode.Failure || !_channel.Reactor.Channels.Contains(_channel))
                return false;
            rc = _channel.Submit(buffer);
        }
        return rc == ReactorReturnCode.Success;
    }

    public void Cancel()
    {
        if (_reserved is not null)
            _channel?.Channel?.ReleaseBuffer(_reserved);
        _reserved = null;
    }
}
