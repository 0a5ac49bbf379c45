using PerfTools.ProvPerf;

return PerfTools.Common.Lifetime.InternalError.Guard("ProvPerf", PerfTools.Common.Output.ConsoleWriter.Out, () =>
    ProvPerfApp.Run(args, PerfTools.Common.Output.ConsoleWriter.Out, CancellationToken.None, handleSignals: true));
