using System.Globalization;

/// <summary>
/// Runs before the tool's Main (the runtime looks for this exact type name in the global namespace): every second it
/// appends "Unix time in seconds, total bytes allocated by the process, gen0, gen1, gen2 collections so far" to
/// ALLOCATION_PROBE_FILE (the collection counts serve soak.sh's "no gen0 in steady state" verdict). Wall-clock time lets the
/// benchmark line up the two tools' samples; it takes the slope over the steady-state window and divides by the
/// messages of that window.
/// </summary>
internal static class StartupHook
{
    private static Timer? s_timer;

    public static void Initialize()
    {
        string? path = Environment.GetEnvironmentVariable("ALLOCATION_PROBE_FILE");
        if (string.IsNullOrEmpty(path))
            return;
        var writer = new StreamWriter(path, append: false) { AutoFlush = true, NewLine = "\n" };
        s_timer = new Timer(_ =>
        {
            double seconds = DateTimeOffset.UtcNow.ToUnixTimeMilliseconds() / 1000.0;
            lock (writer)
                writer.WriteLine(string.Create(CultureInfo.InvariantCulture, $"{seconds:0.000},{GC.GetTotalAllocatedBytes(precise: true)},{GC.CollectionCount(0)},{GC.CollectionCount(1)},{GC.CollectionCount(2)}"));
        }, null, TimeSpan.FromSeconds(1), TimeSpan.FromSeconds(1));
    }
}
