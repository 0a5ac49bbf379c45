using PerfTools.ConsPerf;

return ConsPerfApp.Run(args, PerfTools.Common.Output.ConsoleWriter.Out, CancellationToken.None, handleSignals: true);
