namespace PerfTools.Common.Timing;

/// <summary>
/// Chooses which messages of each second carry a latency timestamp: exactly <see cref="LatencyRate"/> of the
/// <see cref="Rate"/> messages sent in a second, at random positions (so latency samples fall anywhere in the
/// bursts, not always first). Several seconds' worth of choices are drawn up front and reused in turn, so the
/// sending loop does no random-number work and allocates nothing.
/// </summary>
public sealed class LatencyRandomArray
{
    /// <summary>Upper bound on stored positions over all precomputed seconds (16 MB of ints).</summary>
    private const int MaxStoredPositions = 4 * 1024 * 1024;

    private readonly int[][] _secondSets;

    /// <param name="rate">Messages per second.</param>
    /// <param name="latencyRate">Messages per second that carry a timestamp; 0 none, equal to <paramref name="rate"/> for all.</param>
    /// <param name="seconds">How many different seconds to draw before repeating.</param>
    public LatencyRandomArray(int rate, int latencyRate, int seed, int seconds = 16)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(rate);
        ArgumentOutOfRangeException.ThrowIfNegative(latencyRate);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(latencyRate, rate);
        ArgumentOutOfRangeException.ThrowIfLessThan(seconds, 1);
        Rate = rate;
        LatencyRate = latencyRate;
        EveryMessage = latencyRate == rate && rate > 0;

        if (EveryMessage || latencyRate == 0)
        {
            _secondSets = [[]];
            return;
        }
        int setCount = Math.Clamp(MaxStoredPositions / latencyRate, 1, seconds);
        var random = new Random(seed);
        _secondSets = new int[setCount][];
        for (int s = 0; s < setCount; s++)
            _secondSets[s] = DrawSortedPositions(random, rate, latencyRate);
    }

    public int Rate { get; }

    public int LatencyRate { get; }

    /// <summary>True when every message carries a timestamp (no positions are stored).</summary>
    public bool EveryMessage { get; }

    public int SecondsStored => _secondSets.Length;

    /// <summary>Sorted message indices (0 .. Rate-1) that carry a timestamp in second number <paramref name="second"/>.</summary>
    public ReadOnlySpan<int> PositionsForSecond(long second) => _secondSets[(int)(second % _secondSets.Length)];

    // Selection sampling (Knuth, Algorithm S): one pass, every subset equally likely, output already sorted.
    private static int[] DrawSortedPositions(Random random, int rate, int count)
    {
        var positions = new int[count];
        int chosen = 0;
        for (int i = 0; i < rate && chosen < count; i++)
        {
            if (random.NextInt64(rate - i) < count - chosen)
                positions[chosen++] = i;
        }
        return positions;
    }
}
