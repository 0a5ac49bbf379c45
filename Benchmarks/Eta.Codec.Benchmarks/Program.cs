using BenchmarkDotNet.Running;
using Eta.Codec.Benchmarks;
using Eta.Codec.Benchmarks.Targets;

// Eta.Codec benchmarks (never run by the tests).
//   targets [operations per run]      issue 14's targets: the sample update, median of 8 runs, vs memcpy; exit 1 when missed
//   micro [BenchmarkDotNet options]   encode/decode of the sample update vs memcpy (BenchmarkDotNet)
//   fuzz [inputs] [seed]              long fuzz run of every decoder (default 1,000,000 inputs)
string mode = args.Length > 0 ? args[0] : "micro";
switch (mode)
{
    case "targets":
        long operations = args.Length > 1 && long.TryParse(args[1], out long n) && n > 0 ? n : 2_000_000;
        return TargetRun.Run(operations);
    case "micro":
        BenchmarkSwitcher.FromAssembly(typeof(UpdateBenchmarks).Assembly).Run(args.Length > 0 ? args[1..] : []);
        return 0;
    case "fuzz":
        int count = args.Length > 1 && int.TryParse(args[1], out int parsed) && parsed > 0 ? parsed : 1_000_000;
        int seed = args.Length > 2 && int.TryParse(args[2], out int s) ? s : 12345;
        return FuzzRun.Run(count, seed);
    default:
        Console.Error.WriteLine($"error: unknown mode '{mode}' (use: targets [operations per run] | micro [BenchmarkDotNet options] | fuzz [inputs] [seed])");
        return 64;
}
