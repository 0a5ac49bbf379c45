using Eta.Transport;
using PerfTools.Common.Network;

namespace PerfTools.Common.Provider;

/// <summary>
/// What <see cref="OutboundBuffers"/> needs of the channel a provider sink writes to: a transport channel driven by
/// the provider thread (<see cref="PublishingChannel"/>) or a reactor channel (<see cref="Reactor.ReactorSink"/>).
/// </summary>
public interface IOutboundChannel
{
    /// <summary>The channel's max fragment size: a packed buffer may not be larger.</summary>
    int MaxFragmentSize { get; }

    /// <summary>A buffer of <paramref name="size"/> bytes, or null when none is free now (the channel may fail).</summary>
    TransportBuffer? GetBuffer(int size, bool packed);

    /// <summary>Closes the message just encoded into a packed buffer; false when the channel failed.</summary>
    bool Pack(TransportBuffer buffer);

    /// <summary>One write attempt (no retries): the transport's answer as a <see cref="WriteOutcome"/>.</summary>
    WriteOutcome Write(TransportBuffer buffer);

    /// <summary>Passes queued output to the socket.</summary>
    WriteOutcome Flush();

    /// <summary>Gives an unwritten buffer back.</summary>
    void Release(TransportBuffer buffer);
}
