using System.Diagnostics;
using PerfTools.Common.Lifetime;
using PerfTools.Common.Output;
using PerfTools.Common.Statistics;
using PerfTools.PerfHub.Options;
using PerfTools.PerfHub.Routing;
using PerfTools.PerfHub.Run;
using PerfTools.PerfHub.Statistics;

namespace PerfTools.PerfHub.Output;

/// <summary>
/// The hub's outputs: the statistics file (through the common collector, one row per interval), the console line,
/// and the summary file written at exit.
/// </summary>
internal sealed class HubReport : IDisposable
{
    private readonly PerfHubOptions _options;
    private readonly HubState _hub;
    private readonly TextWriter _console;
    private readonly HubStatsSource _source;
    private readonly StatsCollector<HubStatsSource> _collector;
    private readonly TextLines _lines = new();
    private readonly long _started = Stopwatch.GetTimestamp();
    private HubLoop? _loop;

    /// <exception cref="IOException">The statistics file cannot be created (also <see cref="UnauthorizedAccessException"/>).</exception>
    public HubReport(PerfHubOptions options, HubState hub, TextWriter console)
    {
        _options = options;
        _hub = hub;
        _console = console;
        _source = new HubStatsSource(hub);
        _collector = new StatsCollector<HubStatsSource>(HubStatistics.Layout, [_source],
            new StatsOutput(_ => options.StatsPath))
        {
            OutputFailed = failure => console.WriteLine($"PerfHub: warning: cannot write {failure}."),
        };
    }

    public void Attach(HubLoop loop)
    {
        _loop = loop;
        _source.Loop = loop;
    }

    public void WriteInterval()
    {
        _collector.Collect();
        if (!_options.DisplayStats)
            return;
        IntervalFigures f = _collector.Thread(0);
        _lines.Write(_console,
            $"PerfHub: in {f.Count((int)HubCounter.MessagesIn)}, out {f.Count((int)HubCounter.MessagesOut)}, fan-out {f.Count((int)HubCounter.FanOut)}, dropped {f.Count((int)HubCounter.MessagesDropped)}, images queued {f.Count((int)HubCounter.ImagesQueued)}, items {f.Total((int)HubCounter.CachedItems)} ({_hub.Cache.ImageCount} with image), consumers {f.Total((int)HubCounter.Consumers)}, providers {f.Total((int)HubCounter.Providers)}, CPU {f.Resources.CpuPercent:F2}%, Mem {f.Resources.MemoryMegabytes:F2}MB\n");
    }

    /// <summary>Prints the summary and writes it to -summaryFile; false when the file could not be written.</summary>
    public bool WriteSummary(ShutdownReason reason, string? internalError = null)
    {
        HubCounters c = _hub.Counters;
        PerfHubOptions o = _options;
        var summary = new SummaryBuilder()
            .Heading("--- TEST INPUTS ---")
            .Input("Consumer Port", o.ConsumerPort)
            .Input("NI Provider Port", o.ProviderPort)
            .Input("Upstream", o.Upstream.Length > 0 ? o.Upstream : "(none)")
            .Input("Connection Type", o.Encrypted ? "encrypted" : "socket")
            .Input("Compression", o.CompressionType.ToString())
            .Input("Max Pack Count", o.MaxPackCount)
            .Input("Temporary Refresh", o.TemporaryRefresh)
            .Blank()
            .Heading("--- OVERALL SUMMARY ---")
            .Section("Statistics:")
            .Stat("Run time (sec)", Stopwatch.GetElapsedTime(_started).TotalSeconds, 1)
            .Stat("Messages received", c.MessagesIn)
            .Stat("Messages sent", c.MessagesOut)
            .Stat("Refreshes received from providers", c.RefreshesIn)
            .Stat("Updates received from providers", c.UpdatesIn)
            .Stat("Posts received", c.PostsIn)
            .Stat("Upstream acks routed to posters", c.AcksFromUpstream)
            .Stat("Generic messages received", c.GenericMsgsIn)
            .Stat("Fan-out messages", c.FanOut)
            .Stat("Messages dropped (output backed up)", c.MessagesDropped)
            .Stat("Undecodable messages", c.UndecodableMessages)
            .Stat("Item requests", c.ItemRequests)
            .Stat("Images sent from the cache", c.ImagesFromCache)
            .Stat("Images queued (no output buffer)", c.ImagesQueued)
            .Stat("Items not found", c.ItemsNotFound)
            .Stat("Upstream item streams opened", c.UpstreamStreamsOpened)
            .Stat("Updates merged later (kept, then merged)", _hub.Cache.Deferred.Merged)
            .Stat("Updates never merged (superseded)", _hub.Cache.Deferred.Superseded)
            .Stat("Items cached", _hub.Cache.Count)
            .Stat("Items with an image", _hub.Cache.ImageCount)
            .Stat("Services", _hub.Directory.Count)
            .Stat("Channels accepted", c.ChannelsAccepted)
            .Stat("Channels closed", c.ChannelsClosed);
        foreach (string closure in _loop?.Closures ?? [])
            summary.Note("Closed " + closure);
        if (_loop?.UpstreamDown is { } down)
            summary.Note($"Upstream {o.Upstream} not connected at the end: {down}");
        summary.Blank().Resources(_collector.Resources)
            .CpuPerMessage("CPU time per update received (nsec)", _collector.CpuTime, c.UpdatesIn)
            .Unwritten(_collector.OutputFailures)
            .Blank().Section($"Result: {internalError ?? ResultText(reason)}");
        string text = summary.ToString();
        _console.Write(text);
        if (SummaryFile.Write(o.SummaryFile, text) is not { } unwritten)
            return true;
        _console.WriteLine($"{PerfHubCommandLine.ToolName}: {unwritten}");
        return false;
    }

    private static string ResultText(ShutdownReason reason) => reason switch
    {
        ShutdownReason.RunTimeExpired => "Run time has expired.",
        ShutdownReason.Interrupted => "Stopped (Ctrl+C, SIGTERM, SIGHUP or the caller).",
        _ => $"Stopped ({reason}).",
    };

    public void Dispose() => _collector.Dispose();
}
