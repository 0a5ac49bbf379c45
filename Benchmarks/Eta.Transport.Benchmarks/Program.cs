Console.Error.WriteLine("Eta.Transport.Benchmarks: no benchmarks yet");
return 1;
