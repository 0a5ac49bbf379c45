using PerfTools.Common.Network;
using PerfTools.Common.Threading;
using PerfTools.TransportPerf;

// The read, reflect and write paths are compiled before the run time starts, not on its first messages (JitWarmup).
return TransportPerfApp.Run(args, Console.Out, Console.Error, handleSignals: true, beforeRun: () =>
    JitWarmup.Prepare(typeof(TransportPerfApp).Assembly, typeof(ChannelLoop).Assembly, typeof(Eta.Transport.Channel).Assembly));
