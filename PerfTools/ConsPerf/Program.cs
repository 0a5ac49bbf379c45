using PerfTools.ConsPerf;

return ConsPerfApp.Run(args, Console.Out, CancellationToken.None, handleSignals: true);
