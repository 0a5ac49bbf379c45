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

    /// <summary>Below one latency message in this many, positions are drawn by Floyd's algorithm rather than a pass over the second.</summary>
    private const int DenseFactor = 16;

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
    public ReadOnlySpan<int> PositionsForSecond(long second) => SetForSecond(second);

    /// <summary>The same positions as the array itself, for a pacer to hold for the second it is in.</summary>
    internal int[] SetForSecond(long second) => _secondSets[(int)(second % _secondSets.Length)];

    // Cost proportional to the latency rate, not the message rate: a sender asked for 20 M msg/s with 10 latency
    // messages a second draws 160 numbers, not 320 M (which took seconds on the transport thread as a connection
    // arrived, so nothing was sent while the stats ran). Sparse sets: Floyd's algorithm (every subset equally likely)
    // then a sort. Dense sets: selection sampling (Knuth, Algorithm S), one pass over the second, already sorted.
    private static int[] DrawSortedPositions(Random random, int rate, int count)
    {
        var positions = new int[count];
        if ((long)count * DenseFactor < rate)
        {
            var chosen = new HashSet<int>(count);
            int next = 0;
            for (int upper = rate - count; upper < rate; upper++)
            {
                int candidate = random.Next(upper + 1);
                positions[next++] = chosen.Add(candidate) ? candidate : AddUpper(chosen, upper);
            }
            Array.Sort(positions);
            return positions;
        }
        int taken = 0;
        for (int i = 0; i < rate && taken < count; i++)
        {
            if (random.NextInt64(rate - i) < count - taken)
                positions[taken++] = i;
        }
        return positions;
    }

    private static int AddUpper(HashSet<int> chosen, int upper)
    {
        chosen.Add(upper);
        return upper;
    }
}
