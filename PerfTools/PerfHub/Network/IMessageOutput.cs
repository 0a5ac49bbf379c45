namespace PerfTools.PerfHub.Network;

/// <summary>Where the router writes a message: reserve space, encode into it, send (or cancel).</summary>
internal interface IMessageOutput
{
    /// <summary>Space for one message of at most <paramref name="maxLength"/> bytes; empty when none can be had now.</summary>
    Span<byte> Reserve(int maxLength);

    /// <summary>Sends the first <paramref name="length"/> reserved bytes; false when the channel failed.</summary>
    bool Send(int length);

    /// <summary>Gives back the reserved space unsent.</summary>
    void Cancel();

    /// <summary>
    /// True while fewer than <paramref name="bytes"/> already sent wait for the socket. Images are held back beyond that
    /// (they can wait; see HubState.ImageBacklogBytes); updates are not.
    /// </summary>
    bool HasBacklogUnder(int bytes);

    /// <summary>A message that found no space (<see cref="Reserve"/> empty) is dropped, not kept to retry: count it.</summary>
    void Dropped();
}
