using System.Globalization;

/// <summary>
/// Runs before the tool's Main (the runtime looks for this exact type name in the global namespace): every second it
/// appends "Unix time in seconds, total bytes allocated by the process" to ALLOCATION_PROBE_FILE. Wall-clock time lets the
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
                writer.WriteLine(string.Create(CultureInfo.InvariantCulture, $"{seconds:0.000},{GC.GetTotalAllocatedBytes(precise: true)}"));
        }, null, TimeSpan.FromSeconds(1), TimeSpan.FromSeconds(1));
    }
}
