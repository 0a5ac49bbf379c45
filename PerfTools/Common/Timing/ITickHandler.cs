namespace PerfTools.Common.Timing;

/// <summary>The work a tool does in its tick loop, kept apart from the loop itself (<see cref="TickLoop"/>).</summary>
public interface ITickHandler
{
    /// <summary>Start of a tick: send this tick's bursts.</summary>
    void OnTick(long tickNumber);

    /// <summary>
    /// Time left in the tick, handed back to the tool: do one bounded piece of work (e.g. wait for readable data
    /// for at most <paramref name="untilNextTick"/> and read it, or send outstanding refreshes) and return.
    /// Called at least once per tick, with <see cref="TimeSpan.Zero"/> when the tick overran.
    /// </summary>
    void OnSpareTime(TimeSpan untilNextTick);
}
