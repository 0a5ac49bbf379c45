using PerfTools.Common.Timing;

namespace PerfTools.Tests.Common;

/// <summary>A clock the test moves by hand (1 tick = 1 ns).</summary>
internal sealed class FakeTimeSource : ITimeSource
{
    public long Now { get; set; } = 1_000_000;

    public long Frequency => 1_000_000_000;

    public long GetTimestamp() => Now;

    public void Advance(long nanoseconds) => Now += nanoseconds;
}
