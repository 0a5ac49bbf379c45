using Eta.Codec.Benchmarks;

// Eta.Codec benchmarks (never run by the tests).
//   update [iterations]     sample update encode+decode vs memcpy (default 2,000,000 iterations)
//   fuzz [inputs] [seed]    long fuzz run of every decoder (default 1,000,000 inputs)
string mode = args.Length > 0 ? args[0] : "update";
int count = args.Length > 1 && int.TryParse(args[1], out int parsed) && parsed > 0 ? parsed : 0;
switch (mode)
{
    case "update":
        return UpdateBenchmark.Run(count > 0 ? count : 2_000_000);
    case "fuzz":
        int seed = args.Length > 2 && int.TryParse(args[2], out int s) ? s : 12345;
        return FuzzRun.Run(count > 0 ? count : 1_000_000, seed);
    default:
        Console.Error.WriteLine($"error: unknown mode '{mode}' (use: update [iterations] | fuzz [inputs] [seed])");
        return 64;
}
