namespace PerfTools.ConsPerf.Statistics;

/// <summary>What a latency sample measured (§4.3): the row tag in the latency file is given in brackets.</summary>
public enum LatencyKind
{
    /// <summary>[Upd] TIM_TRK_1 in an update from the provider.</summary>
    Update,

    /// <summary>[Pst] TIM_TRK_2 in one of our posts, reflected back as an update.</summary>
    Post,

    /// <summary>[Gen] TIM_TRK_3 in a generic message from the provider.</summary>
    GenMsg,
}
