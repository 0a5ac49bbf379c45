using System.Runtime.CompilerServices;

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

    // Entered once per thread and left at the end of the run, so tiered compilation could only replace it by on-stack
    // replacement, compiled on the transport thread itself seconds into the run: it is compiled fully optimised
    // before its first tick instead (what it calls still tiers up as usual).
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
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
