Console.Error.WriteLine("Eta.Codec.Benchmarks: no benchmarks yet");
return 1;
