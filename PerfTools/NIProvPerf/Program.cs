using PerfTools.NIProvPerf;

return NIProvPerfApp.Run(args, Console.Out, CancellationToken.None, handleSignals: true);
