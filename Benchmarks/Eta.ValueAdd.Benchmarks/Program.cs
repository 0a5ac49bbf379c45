using Eta.Benchmarks.Shared;
using Eta.ValueAdd.Benchmarks;

// Consumer CPU per update of the reactor and of the watchlist beside direct reads of the same bytes on the same
// channel, measured in the same run (issue 11: reactor within 1.2x, watchlist within 1.5x of direct).
// Usage: Eta.ValueAdd.Benchmarks [--items 100000] [--updates 1000000] [--rounds 5] [--modes reactor,watchlist]
int items = 100_000;
long updates = 1_000_000;
int rounds = 5;
string[] modes = ["reactor", "watchlist"];
for (int i = 0; i + 1 < args.Length; i += 2)
{
    switch (args[i])
    {
        case "--items" when int.TryParse(args[i + 1], out int n) && n > 0:
            items = n;
            break;
        case "--updates" when long.TryParse(args[i + 1], out long u) && u > 0:
            updates = u;
            break;
        case "--rounds" when int.TryParse(args[i + 1], out int r) && r > 0:
            rounds = r;
            break;
        case "--modes":
            modes = args[i + 1].Split(',');
            break;
        default:
            Console.Error.WriteLine($"unknown or invalid option {args[i]} {args[i + 1]}; usage: [--items N] [--updates N] [--rounds N] [--modes reactor,watchlist]");
            return 2;
    }
}

Console.WriteLine($"{items} items, {updates} updates per measurement, {rounds} rounds (direct and dispatch alternate), {MachineLoad.Describe()}");
Console.WriteLine("thread CPU ns per update, median of the rounds; the ratio is the median of each round's dispatch/direct");
Console.WriteLine($"{"mode",-10} {"direct ns",10} {"dispatch ns",12} {"ratio",6} {"B/upd",6}");
foreach (string mode in modes)
{
    if (mode is not ("reactor" or "watchlist"))
    {
        Console.Error.WriteLine($"unknown mode {mode}: reactor or watchlist");
        return 2;
    }
    using var provider = new FeedProvider();
    using var consumer = new Consumer(provider.Port, items, watchlist: mode == "watchlist");
    consumer.OpenItems(items);
    provider.StartUpdates();
    consumer.ReadDirect(updates); // warm-up: the JIT tiers both paths up
    consumer.Dispatch(updates);
    var direct = new double[rounds];
    var dispatch = new double[rounds];
    var ratio = new double[rounds];
    double bytes = 0;
    for (int round = 0; round < rounds; round++)
    {
        direct[round] = consumer.ReadDirect(updates).CpuNs;
        (dispatch[round], double b) = consumer.Dispatch(updates);
        bytes = Math.Max(bytes, b);
        ratio[round] = dispatch[round] / direct[round];
    }
    if (provider.Failure is { } failure)
    {
        Console.Error.WriteLine($"{mode}: the provider failed: {failure}");
        return 1;
    }
    Console.WriteLine($"{mode,-10} {Median(direct),10:F0} {Median(dispatch),12:F0} {Median(ratio),6:F2} {bytes,6:F2}");
}
Console.WriteLine(MachineLoad.Describe());
return 0;

static double Median(double[] values)
{
    double[] sorted = [.. values];
    Array.Sort(sorted);
    int middle = sorted.Length / 2;
    return sorted.Length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
