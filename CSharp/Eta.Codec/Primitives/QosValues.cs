namespace Eta.Codec;

/// <summary>Qos timeliness values (LSEG's numbers).</summary>
public static class QosTimeliness
{
    /// <remarks>LSEG: QosTimeliness.UNSPECIFIED</remarks>
    public const int Unspecified = 0;
    /// <remarks>LSEG: QosTimeliness.REALTIME</remarks>
    public const int Realtime = 1;
    /// <remarks>LSEG: QosTimeliness.DELAYED_UNKNOWN</remarks>
    public const int DelayedUnknown = 2;
    /// <remarks>LSEG: QosTimeliness.DELAYED</remarks>
    public const int Delayed = 3;

    internal static readonly string[] Names = ["Unspecified", "Realtime", "DelayedByUnknown", "DelayedByTimeInfo"];
}

/// <summary>Qos rate values (LSEG's numbers).</summary>
public static class QosRates
{
    /// <remarks>LSEG: QosRates.UNSPECIFIED</remarks>
    public const int Unspecified = 0;
    /// <remarks>LSEG: QosRates.TICK_BY_TICK</remarks>
    public const int TickByTick = 1;
    /// <remarks>LSEG: QosRates.JIT_CONFLATED</remarks>
    public const int JitConflated = 2;
    /// <remarks>LSEG: QosRates.TIME_CONFLATED</remarks>
    public const int TimeConflated = 3;

    internal static readonly string[] Names = ["Unspecified", "TickByTick", "JustInTimeConflated", "ConflatedByRateInfo"];
}
