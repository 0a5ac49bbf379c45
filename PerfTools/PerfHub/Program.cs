return PerfTools.PerfHub.PerfHubApp.Run(args, Console.Out, CancellationToken.None, handleSignals: true);
