using PerfTools.NIProvPerf;

return PerfTools.Common.Lifetime.InternalError.Guard("NIProvPerf", PerfTools.Common.Output.ConsoleWriter.Out, () =>
    NIProvPerfApp.Run(args, PerfTools.Common.Output.ConsoleWriter.Out, CancellationToken.None, handleSignals: true));
