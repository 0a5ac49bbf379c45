using PerfTools.NIProvPerf;

return NIProvPerfApp.Run(args, PerfTools.Common.Output.ConsoleWriter.Out, CancellationToken.None, handleSignals: true);
