namespace PerfTools.Common.Timing;

/// <summary>
/// How many messages each tick of a second sends so that the second's total is exactly <see cref="Rate"/>:
/// tick t of a second sends floor((t+1)·rate/tickRate) − floor(t·rate/tickRate), which spreads the remainder
/// of rate/tickRate evenly over the second (e.g. 1500 msg/s at 1000 ticks/s alternates bursts of 1 and 2).
/// </summary>
public readonly struct BurstPlan
{
    public BurstPlan(int rate, int tickRate)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(rate);
        ArgumentOutOfRangeException.ThrowIfLessThan(tickRate, 1);
        Rate = rate;
        TickRate = tickRate;
    }

    public int Rate { get; }

    public int TickRate { get; }

    /// <summary>Messages to send in tick <paramref name="tickInSecond"/> (0 .. TickRate-1).</summary>
    public int BurstSize(int tickInSecond) =>
        (int)(((long)tickInSecond + 1) * Rate / TickRate - (long)tickInSecond * Rate / TickRate);

    /// <summary>Index, within the second, of the first message of tick <paramref name="tickInSecond"/>.</summary>
    public int FirstMessageOfTick(int tickInSecond) => (int)((long)tickInSecond * Rate / TickRate);
}
