using PerfTools.TransportPerf;

return TransportPerfApp.Run(args, Console.Out, Console.Error, handleSignals: true);
