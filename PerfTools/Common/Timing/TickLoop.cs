namespace PerfTools.Common.Timing;

/// <summary>
/// Runs an <see cref="ITickHandler"/> on fixed-interval ticks until cancelled: OnTick, then OnSpareTime
/// repeatedly until the next tick is due, then the next tick (guide §3.1, Figures 6-7).
/// </summary>
public sealed class TickLoop
{
    private readonly TickScheduler _scheduler;

    public TickLoop(ITimeSource clock, int tickRate) => _scheduler = new TickScheduler(clock, tickRate);

    public TickScheduler Scheduler => _scheduler;

    public void Run(ITickHandler handler, CancellationToken cancellation)
    {
        _scheduler.Start();
        while (!cancellation.IsCancellationRequested)
        {
            handler.OnTick(_scheduler.TickNumber);
            do
            {
                handler.OnSpareTime(_scheduler.TimeUntilNextTick());
            }
            while (_scheduler.ClockTicksUntilNextTick() > 0 && !cancellation.IsCancellationRequested);
            _scheduler.Advance();
        }
    }
}
