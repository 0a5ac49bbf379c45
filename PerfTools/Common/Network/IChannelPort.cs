using System.Net.Sockets;
using Eta.Transport;

namespace PerfTools.Common.Network;

/// <summary>
/// What the channel loop needs of one active transport channel. <see cref="TransportChannelPort"/> is the only
/// production implementation; the seam lets tests count reads, writes and flushes without a socket.
/// </summary>
public interface IChannelPort
{
    /// <summary>The socket whose readiness says when a read can find data.</summary>
    Socket Socket { get; }

    /// <summary>
    /// One transport read (<see cref="Channel.Read(out TransportBuffer?)"/>'s contract): <paramref name="received"/>
    /// tells whether <paramref name="message"/> holds a message (valid until the next read).
    /// </summary>
    TransportReturnCode Read(out ReadOnlySpan<byte> message, out bool received);

    /// <summary>Writes a buffer (<see cref="Channel.Write(TransportBuffer, WriteArgs)"/>).</summary>
    TransportReturnCode Write(TransportBuffer buffer, WriteArgs args);

    /// <summary>Passes queued output to the socket (<see cref="Channel.Flush"/>).</summary>
    TransportReturnCode Flush();

    /// <summary>
    /// True while output waits for the socket to become writable (a flush found its send buffer full): the channel
    /// loop then waits for write readiness too, and calls <see cref="OnWritable"/> when it comes.
    /// </summary>
    bool AwaitsWritable => false;

    /// <summary>The socket is writable: the owner's next <see cref="Flush"/> will find room.</summary>
    void OnWritable()
    {
    }
}
