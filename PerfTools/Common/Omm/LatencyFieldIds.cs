namespace PerfTools.Common.Omm;

/// <summary>
/// The fields that carry a latency timestamp (microseconds, UINT) appended after a message's template fields.
/// </summary>
public static class LatencyFieldIds
{
    /// <summary>TIM_TRK_1: update latency (provider to consumer).</summary>
    public const short Update = 3902;

    /// <summary>TIM_TRK_2: post latency (consumer, through the provider, back to the consumer).</summary>
    public const short Post = 3903;

    /// <summary>TIM_TRK_3: generic message latency.</summary>
    public const short Generic = 3904;
}
