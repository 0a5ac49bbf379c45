using PerfTools.ProvPerf;

return ProvPerfApp.Run(args, Console.Out, CancellationToken.None, handleSignals: true);
