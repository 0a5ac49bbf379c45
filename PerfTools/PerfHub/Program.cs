return PerfTools.Common.Lifetime.InternalError.Guard("PerfHub", PerfTools.Common.Output.ConsoleWriter.Out, () =>
    PerfTools.PerfHub.PerfHubApp.Run(args, PerfTools.Common.Output.ConsoleWriter.Out, CancellationToken.None, handleSignals: true));
