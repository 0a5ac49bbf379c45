namespace PerfTools.ConsPerf.Session;

/// <summary>The latency timestamps (microseconds) found in one payload; 0 where absent.</summary>
internal struct LatencyStamps
{
    /// <summary>TIM_TRK_1 (3902): stamped by the provider on an update.</summary>
    public ulong Update;

    /// <summary>TIM_TRK_2 (3903): stamped by this consumer on a post, back as an update.</summary>
    public ulong Post;

    /// <summary>TIM_TRK_3 (3904): stamped on a generic message.</summary>
    public ulong GenMsg;
}
