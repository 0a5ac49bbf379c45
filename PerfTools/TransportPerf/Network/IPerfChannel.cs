using PerfTools.Common.Network;

namespace PerfTools.TransportPerf.Network;

/// <summary>
/// One active connection, as TransportPerf's sessions use it. The only implementation sits on our RSSL transport
/// (<see cref="EtaPerfChannel"/>); keeping the transport behind this seam keeps the sending, checking and
/// statistics logic independent of it. Every method is a hot-path call: codes, no exceptions, no allocation.
/// </summary>
internal interface IPerfChannel : IDisposable
{
    /// <summary>Readable text for console messages, e.g. the peer address.</summary>
    string Description { get; }

    /// <summary>The transport channel as the common channel loop reads it (readiness, bounded read slices).</summary>
    IChannelPort Port { get; }

    /// <summary>Why the channel closed, once an operation returned <see cref="ChannelResult.Closed"/>.</summary>
    string? CloseReason { get; }

    /// <summary>Records that a read found the channel closed; returns <see cref="ChannelResult.Closed"/>.</summary>
    ChannelResult ReadFailed();

    /// <summary>Gets an output buffer of <paramref name="size"/> bytes (packable when <paramref name="packed"/>); <paramref name="space"/> is where the first message goes.</summary>
    ChannelResult GetBuffer(int size, bool packed, out Span<byte> space);

    /// <summary>Closes a message of <paramref name="length"/> bytes in the packed buffer; <paramref name="space"/> is where the next one goes.</summary>
    ChannelResult Pack(int length, out Span<byte> space);

    /// <summary>Writes the buffer whose current message is <paramref name="length"/> bytes long.</summary>
    ChannelResult Write(int length, bool directWrite, out int bytesWritten);

    /// <summary>
    /// Pushes queued output to the network, first finishing a fragmented message a write left half-written;
    /// <paramref name="bytesWritten"/> is what finishing it added to the wire (0 when there was none).
    /// </summary>
    ChannelResult Flush(out int bytesWritten);

    /// <summary>Sends a heartbeat when due and notices a silent peer; call about once a second.</summary>
    ChannelResult CheckPings();
}
