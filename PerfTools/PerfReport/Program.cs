using PerfTools.PerfReport;

return PerfReportApp.Run(args, Console.Out, Console.Error);
