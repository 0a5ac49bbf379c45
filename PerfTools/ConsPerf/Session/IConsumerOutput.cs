namespace PerfTools.ConsPerf.Session;

/// <summary>
/// Where a consumer session's bursts go, one message at a time: reserve space, encode into it, then send or
/// cancel. The direct channel and the reactor's output both provide it, so both sessions send the same bursts.
/// </summary>
internal interface IConsumerOutput
{
    string ErrorText { get; }

    /// <summary>Space for a message of at most <paramref name="maxLength"/> bytes; empty when out of output buffers.</summary>
    Span<byte> Reserve(int maxLength);

    /// <summary>Sends the first <paramref name="length"/> bytes of the reserved space; false when the connection is lost.</summary>
    bool Send(int length);

    void Cancel();
}
