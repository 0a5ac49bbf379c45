using Eta.Transport;
using Eta.ValueAdd;
using PerfTools.Common.Network;
using PerfTools.Common.Provider;

namespace PerfTools.Common.Reactor;

/// <summary>
/// A provider session's messages (ProvPerf and NIProvPerf in <c>-reactor</c> mode) going out through a reactor
/// channel, under the same buffer, packing, fragment and stall contract as direct mode (<see cref="OutboundBuffers"/>).
/// The reactor's dispatch flushes what the socket did not take; out of buffers, the sink waits for that dispatch.
/// </summary>
public sealed class ReactorSink : IMessageSink, IOutboundChannel
{
    private readonly ReactorChannel _channel;
    private readonly WriteFlags _writeFlags;
    private readonly OutboundBuffers _out;

    public ReactorSink(ReactorChannel channel, PublishingOptions options, PublishingStats stats)
    {
        _channel = channel;
        _writeFlags = options.DirectWrite ? WriteFlags.DirectSocketWrite : WriteFlags.None;
        MaxFragmentSize = channel.Channel?.Info?.MaxFragmentSize ?? int.MaxValue;
        _out = new OutboundBuffers(this, options, stats);
    }

    public int MaxFragmentSize { get; }

    public Span<byte> Reserve(int maxLength) => _out.Reserve(maxLength);

    public bool Send(int length) => _out.Send(length);

    public void Cancel() => _out.Cancel();

    public int UnsentBytes => _channel.Channel?.PendingBytes ?? 0;

    /// <summary>Submits a partly filled packed buffer at the end of a burst. False: the channel failed.</summary>
    public bool EndBurst() => _out.EndBurst();

    TransportBuffer? IOutboundChannel.GetBuffer(int size, bool packed) =>
        _channel.GetBuffer(size, packed, out TransportBuffer? buffer) == ReactorReturnCode.Success ? buffer : null;

    bool IOutboundChannel.Pack(TransportBuffer buffer) => _channel.PackBuffer(buffer) >= 0;

    // The reactor flushes what a successful submit queued on its next dispatch: nothing is left for the sink to flush.
    WriteOutcome IOutboundChannel.Write(TransportBuffer buffer) => _channel.Submit(buffer, _writeFlags) switch
    {
        ReactorReturnCode.Success => WriteOutcome.Done,
        ReactorReturnCode.WriteCallAgain => WriteOutcome.CallAgain,
        _ => WriteOutcome.Failed,
    };

    WriteOutcome IOutboundChannel.Flush() =>
        _channel.Channel is { } transport ? WriteRetry.Classify(transport.Flush()) : WriteOutcome.Failed;

    void IOutboundChannel.Release(TransportBuffer buffer) => _channel.Channel?.ReleaseBuffer(buffer);
}
