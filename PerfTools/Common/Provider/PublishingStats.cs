using PerfTools.Common.Threading;

namespace PerfTools.Common.Provider;

/// <summary>
/// What the shared sending machinery (<see cref="BurstSender"/>, <see cref="PublishingChannel"/>) counts on one
/// provider thread. Each tool's thread statistics extend it with what only that tool counts. Written by the
/// provider thread, read by the main thread's statistics collector without locks (one writer per counter).
/// </summary>
public class PublishingStats
{
    /// <summary>Refreshes (images) sent.</summary>
    public CountStat Images { get; } = new();

    public CountStat Updates { get; } = new();

    public CountStat GenMsgsSent { get; } = new();

    public CountStat GenMsgLatenciesSent { get; } = new();

    /// <summary>Updates not sent because the channel had no output buffer.</summary>
    public CountStat OutOfBuffers { get; } = new();

    /// <summary>Updates of ticks the thread skipped because it had fallen too far behind its schedule.</summary>
    public CountStat UpdatesBehindSchedule { get; } = new();

    /// <summary>Messages written (packing statistics: messages per buffer).</summary>
    public CountStat MessagesWritten { get; } = new();

    public CountStat BuffersWritten { get; } = new();
}
