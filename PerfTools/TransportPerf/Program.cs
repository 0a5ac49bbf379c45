using PerfTools.Common.Network;
using PerfTools.Common.Output;
using PerfTools.Common.Statistics;
using PerfTools.Common.Threading;
using PerfTools.TransportPerf;
using PerfTools.TransportPerf.Statistics;

// Everything the run executes is compiled before the run time starts (JitWarmup; tiering is off, so it stays as
// compiled): the read, reflect and write paths, and the main thread's statistics (its generic collector and the
// histogram library), which would otherwise compile in the run's first second beside the transport threads.
return PerfTools.Common.Lifetime.InternalError.Guard("TransportPerf", ConsoleWriter.Error, () =>
    TransportPerfApp.Run(args, ConsoleWriter.Out, ConsoleWriter.Error, handleSignals: true, beforeRun: () =>
    {
        JitWarmup.Prepare(typeof(TransportPerfApp).Assembly, typeof(ChannelLoop).Assembly, typeof(Eta.Transport.Channel).Assembly,
            typeof(HdrHistogram.LongHistogram).Assembly);
        JitWarmup.PrepareTypes([typeof(StatsCollector<TransportThreadStats>)]);
    }));
