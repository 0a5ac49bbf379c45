using System.Net.Sockets;
using PerfTools.TransportPerf.Session;

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

    /// <summary>For readiness polling.</summary>
    Socket Socket { get; }

    /// <summary>Input already buffered by the transport that socket readiness will not show.</summary>
    bool HasBufferedInput { get; }

    /// <summary>Why the channel closed, once an operation returned <see cref="ChannelResult.Closed"/>.</summary>
    string? CloseReason { get; }

    /// <summary>Reads every message the transport can give now, without waiting.</summary>
    ChannelResult ReadAvailable(IMessageSink sink);

    /// <summary>Gets an output buffer of <paramref name="size"/> bytes (packable when <paramref name="packed"/>); <paramref name="space"/> is where the first message goes.</summary>
    ChannelResult GetBuffer(int size, bool packed, out Span<byte> space);

    /// <summary>Closes a message of <paramref name="length"/> bytes in the packed buffer; <paramref name="space"/> is where the next one goes.</summary>
    ChannelResult Pack(int length, out Span<byte> space);

    /// <summary>Writes the buffer whose current message is <paramref name="length"/> bytes long.</summary>
    ChannelResult Write(int length, bool directWrite, out int bytesWritten);

    /// <summary>Pushes queued output to the network.</summary>
    ChannelResult Flush();

    /// <summary>Sends a heartbeat when due and notices a silent peer; call about once a second.</summary>
    ChannelResult CheckPings();
}
