namespace Eta.Codec;

/// <summary>Qos timeliness values (LSEG's numbers).</summary>
public static class QosTimeliness
{
    public const int UNSPECIFIED = 0;
    public const int REALTIME = 1;
    public const int DELAYED_UNKNOWN = 2;
    public const int DELAYED = 3;

    internal static readonly string[] Names = ["Unspecified", "Realtime", "DelayedByUnknown", "DelayedByTimeInfo"];
}

/// <summary>Qos rate values (LSEG's numbers).</summary>
public static class QosRates
{
    public const int UNSPECIFIED = 0;
    public const int TICK_BY_TICK = 1;
    public const int JIT_CONFLATED = 2;
    public const int TIME_CONFLATED = 3;

    internal static readonly string[] Names = ["Unspecified", "TickByTick", "JustInTimeConflated", "ConflatedByRateInfo"];
}
