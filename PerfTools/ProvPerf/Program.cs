Console.Error.WriteLine("ProvPerf: not built yet");
return 1;
