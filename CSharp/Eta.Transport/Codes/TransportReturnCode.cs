namespace Eta.Transport;

/// <summary>
/// Results of transport calls, with LSEG's numeric values. Positive values returned by
/// <see cref="Channel.Read(out TransportBuffer?)"/>, <see cref="Channel.Write(TransportBuffer, WritePriority, WriteFlags)"/>
/// and <see cref="Channel.Flush"/> are byte counts (bytes still buffered or queued), not members of this enum.
/// </summary>
public enum TransportReturnCode
{
    /// <summary>Channel initialization is in progress: call Init again when the socket is ready.</summary>
    ChanInitInProgress = 2,
    Success = 0,
    Failure = -1,
    /// <summary>The peer refused the connection (ConnectNak) or the handshake was rejected.</summary>
    ChanInitRefused = -2,
    /// <summary><see cref="Transport.Initialize"/> was not called.</summary>
    InitNotInitialized = -3,
    /// <summary>No output buffer is available; flush or raise the buffer counts.</summary>
    NoBuffers = -4,
    /// <summary>The buffer was queued but the flush that followed failed; the channel is closed.</summary>
    WriteFlushFailed = -9,
    /// <summary>A fragmented write could not queue all fragments; call Write again with the same buffer.</summary>
    WriteCallAgain = -10,
    /// <summary>Nothing to read now.</summary>
    ReadWouldBlock = -11,
    /// <summary>A ping (heartbeat) arrived and nothing else is buffered.</summary>
    ReadPing = -13,
    /// <summary>The channel's socket changed (protocol fallback): re-register <see cref="Channel.Socket"/>.</summary>
    ReadFdChange = -14,
    /// <summary>Another thread is reading this channel.</summary>
    ReadInProgress = -15,
}
