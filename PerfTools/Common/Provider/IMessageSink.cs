namespace PerfTools.Common.Provider;

/// <summary>
/// Where a session's outgoing messages go: one message at a time, encoded in place. The transport-backed
/// implementation (<see cref="Network.ProviderConnection"/>) takes care of buffers, packing and flushing; tests use a
/// fake that keeps the bytes.
/// </summary>
public interface IMessageSink
{
    /// <summary>
    /// Space for one message of at most <paramref name="maxLength"/> bytes, or an empty span when no output buffer
    /// is available right now (the caller tries again later).
    /// </summary>
    Span<byte> Reserve(int maxLength);

    /// <summary>Sends the first <paramref name="length"/> bytes of the reserved space. False: the channel failed.</summary>
    bool Send(int length);

    /// <summary>Gives back the reserved space unused (encoding failed).</summary>
    void Cancel();

    /// <summary>
    /// Messages sent but not yet written to the socket (the transport queues them up to its high-water mark); 0 right
    /// after a write that left nothing queued. A sink that writes each message at once has none.
    /// </summary>
    int UnwrittenMessages => 0;

    /// <summary>
    /// Bytes handed to the transport that the socket has not taken yet (queued behind a slow reader, or staged below
    /// the high-water mark). A sink that writes each message at once has none.
    /// </summary>
    int UnsentBytes => 0;
}
