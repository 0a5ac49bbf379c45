Console.Error.WriteLine("ConsPerf: not built yet");
return 1;
