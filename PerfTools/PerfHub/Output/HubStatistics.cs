using System.Diagnostics;
using PerfTools.Common.Lifetime;
using PerfTools.Common.Output;
using PerfTools.Common.Resources;
using PerfTools.PerfHub.Options;
using PerfTools.PerfHub.Routing;
using PerfTools.PerfHub.Run;

namespace PerfTools.PerfHub.Output;

/// <summary>The statistics file (one row per interval), the console line, and the summary file written at exit.</summary>
internal sealed class HubStatistics : IDisposable
{
    private readonly PerfHubOptions _options;
    private readonly HubState _hub;
    private readonly TextWriter _console;
    private readonly StatsFileWriter<HubStatsRow> _file;
    private readonly ResourceSampler _sampler = new();
    private readonly ResourceStatistics _resources = new();
    private readonly long _started = Stopwatch.GetTimestamp();
    private readonly HubCounters _last = new();
    private HubLoop? _loop;

    public HubStatistics(PerfHubOptions options, HubState hub, TextWriter console)
    {
        _options = options;
        _hub = hub;
        _console = console;
        _file = new StatsFileWriter<HubStatsRow>(options.StatsFile + ".csv", HubStatsColumns.All);
    }

    public void Attach(HubLoop loop) => _loop = loop;

    public void WriteInterval()
    {
        HubCounters now = _hub.Counters;
        ResourceSample sample = _sampler.Sample();
        _resources.Add(sample);
        var row = new HubStatsRow(DateTime.UtcNow,
            now.MessagesIn - _last.MessagesIn, now.MessagesOut - _last.MessagesOut, now.UpdatesIn - _last.UpdatesIn,
            now.PostsIn - _last.PostsIn, now.FanOut - _last.FanOut, now.MessagesDropped - _last.MessagesDropped,
            _hub.Cache.Count, _loop?.ConsumerCount ?? 0, _loop?.ProviderCount ?? 0, sample.CpuPercent, sample.MemoryMegabytes,
            now.ImagesQueued - _last.ImagesQueued);
        _last.MessagesIn = now.MessagesIn;
        _last.MessagesOut = now.MessagesOut;
        _last.UpdatesIn = now.UpdatesIn;
        _last.PostsIn = now.PostsIn;
        _last.FanOut = now.FanOut;
        _last.MessagesDropped = now.MessagesDropped;
        _last.ImagesQueued = now.ImagesQueued;
        _file.WriteRow(row);
        if (_options.DisplayStats)
            _console.WriteLine($"PerfHub: in {row.MessagesIn}, out {row.MessagesOut}, fan-out {row.FanOut}, dropped {row.Dropped}, images queued {row.ImagesQueued}, "
                + $"items {row.CachedItems} ({_hub.Cache.ImageCount} with image), consumers {row.Consumers}, providers {row.Providers}, "
                + $"CPU {row.CpuPercent:F2}%, Mem {row.MemoryMegabytes:F2}MB");
    }

    public void WriteSummary(ShutdownReason reason)
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
            .Stat("Items cached", _hub.Cache.Count)
            .Stat("Items with an image", _hub.Cache.ImageCount)
            .Stat("Services", _hub.Directory.Count)
            .Stat("Channels accepted", c.ChannelsAccepted)
            .Stat("Channels closed", c.ChannelsClosed);
        foreach (string closure in _loop?.Closures ?? [])
            summary.Note("Closed " + closure);
        summary.Blank().Resources(_resources).Blank().Section($"Result: {ResultText(reason)}");
        string text = summary.ToString();
        try
        {
            File.WriteAllText(o.SummaryFile, text);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            _console.WriteLine($"PerfHub: cannot write the summary file {o.SummaryFile}: {e.Message}");
        }
        _console.Write(text);
    }

    private static string ResultText(ShutdownReason reason) => reason switch
    {
        ShutdownReason.RunTimeExpired => "Run time has expired.",
        ShutdownReason.Interrupted => "Stopped (Ctrl+C, SIGTERM or the caller).",
        _ => $"Stopped ({reason}).",
    };

    public void Dispose() => _file.Dispose();
}
