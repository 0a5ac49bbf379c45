return PerfTools.PerfHub.PerfHubApp.Run(args, PerfTools.Common.Output.ConsoleWriter.Out, CancellationToken.None, handleSignals: true);
