namespace PerfTools.Common.Threading;

/// <summary>
/// A counter written by one worker thread and read by the statistics collector without locks.
/// The worker publishes with a volatile write; the collector reads the running total and remembers what it
/// has already reported, so <see cref="TakeChange"/> gives the count since its previous call.
/// </summary>
public sealed class CountStat
{
    private long _total;
    private long _reported; // collector side only

    /// <summary>Worker thread only.</summary>
    public void Increment() => Volatile.Write(ref _total, _total + 1);

    /// <summary>Worker thread only.</summary>
    public void Add(long amount) => Volatile.Write(ref _total, _total + amount);

    /// <summary>Any thread.</summary>
    public long Total => Volatile.Read(ref _total);

    /// <summary>Collector thread only: the increase since the previous call.</summary>
    public long TakeChange()
    {
        long total = Total;
        long change = total - _reported;
        _reported = total;
        return change;
    }
}
