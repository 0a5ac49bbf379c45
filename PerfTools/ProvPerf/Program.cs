using PerfTools.ProvPerf;

return ProvPerfApp.Run(args, PerfTools.Common.Output.ConsoleWriter.Out, CancellationToken.None, handleSignals: true);
