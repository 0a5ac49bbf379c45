using PerfTools.ConsPerf;

return PerfTools.Common.Lifetime.InternalError.Guard("ConsPerf", PerfTools.Common.Output.ConsoleWriter.Out, () =>
    ConsPerfApp.Run(args, PerfTools.Common.Output.ConsoleWriter.Out, CancellationToken.None, handleSignals: true));
