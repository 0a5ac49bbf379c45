using System.Diagnostics;

namespace PerfTools.Common.Timing;

/// <summary>The machine's monotonic high-resolution clock (<see cref="Stopwatch"/>).</summary>
public sealed class SystemTimeSource : ITimeSource
{
    public static SystemTimeSource Instance { get; } = new();

    private SystemTimeSource()
    {
    }

    public long GetTimestamp() => Stopwatch.GetTimestamp();

    public long Frequency => Stopwatch.Frequency;
}
