Console.Error.WriteLine("TransportPerf: not built yet");
return 1;
