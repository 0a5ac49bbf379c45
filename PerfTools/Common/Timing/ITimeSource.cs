namespace PerfTools.Common.Timing;

/// <summary>A high-resolution, non-decreasing clock. Injected so tests can drive time by hand.</summary>
public interface ITimeSource
{
    /// <summary>Current time in clock ticks.</summary>
    long GetTimestamp();

    /// <summary>Clock ticks per second.</summary>
    long Frequency { get; }
}
