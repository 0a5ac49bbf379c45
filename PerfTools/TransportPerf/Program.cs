using PerfTools.Common.Network;
using PerfTools.Common.Output;
using PerfTools.Common.Statistics;
using PerfTools.Common.Threading;
using PerfTools.TransportPerf;
using PerfTools.TransportPerf.Statistics;
using PerfTools.TransportPerf.Warmup;

// Before the run time starts: every method the run can execute is compiled (JitWarmup: tier-0 code, but no first
// call waits for the JIT), then the session rehearses against itself until the tiered JIT has recompiled its hot
// paths with their profiles (TransportRehearsal), so the run's first message already runs the final code.
return PerfTools.Common.Lifetime.InternalError.Guard("TransportPerf", ConsoleWriter.Error, () =>
    TransportPerfApp.Run(args, ConsoleWriter.Out, ConsoleWriter.Error, handleSignals: true, beforeRun: options =>
    {
        JitWarmup.Prepare(typeof(TransportPerfApp).Assembly, typeof(ChannelLoop).Assembly, typeof(Eta.Transport.Channel).Assembly,
            typeof(HdrHistogram.LongHistogram).Assembly);
        JitWarmup.PrepareTypes([typeof(StatsCollector<TransportThreadStats>)]);
        RehearsalResult rehearsal = TransportRehearsal.Run(options, RehearsalLimits.Default);
        return rehearsal.Failure is null
            ? $"Warm-up: rehearsed over loopback for {rehearsal.Rehearsed.TotalSeconds:F1} s, {rehearsal.Elapsed.TotalSeconds:F1} s with closing ({rehearsal.MethodsCompiled} methods compiled)."
            : $"Warm-up: rehearsal incomplete ({rehearsal.Failure}); the run may compile code in its first seconds.";
    }));
