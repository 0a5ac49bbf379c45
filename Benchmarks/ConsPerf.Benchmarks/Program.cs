using ConsPerf.Benchmarks;

// ConsPerf's per-update work in-process (never run by the tests):
//   receive [updates per run] [item count]   MessageReceiver over LSEG's update templates, median of 8 runs, beside memcpy
long operations = args.Length > 1 && long.TryParse(args[1], out long n) && n > 0 ? n : 5_000_000;
int items = args.Length > 2 && int.TryParse(args[2], out int i) && i > 0 ? i : 100_000;
string mode = args.Length > 0 ? args[0] : "receive";
if (mode != "receive")
{
    Console.Error.WriteLine($"error: unknown mode '{mode}' (use: receive [updates per run] [item count])");
    return 64;
}
return ReceiveRun.Run(operations, items);
