namespace PerfTools.PerfHub.Output;

/// <summary>One line of the statistics file: the interval's traffic and the cache and resources at its end.</summary>
internal readonly record struct HubStatsRow(
    DateTime Utc, long MessagesIn, long MessagesOut, long UpdatesIn, long PostsIn, long FanOut, long Dropped,
    int CachedItems, int Consumers, int Providers, double CpuPercent, double MemoryMegabytes,
    long ImagesQueued);
