using PerfTools.Common.Threading;

namespace PerfTools.ProvPerf.Network;

/// <summary>
/// Lowers the calling thread's scheduling priority (Linux: its nice value, by <see cref="NiceIncrease"/>) while the
/// scope lasts, and restores it on dispose. For the accepting thread: accepting and handshaking a stream of bad
/// clients is real work on a machine whose cores the provider threads need; at a lower priority a provider thread
/// that wakes for its next tick is scheduled ahead of that work instead of waiting out its time slice. On Linux a
/// thread may lower its own priority without privileges; raising it back needs them (root, or an RLIMIT_NICE that
/// allows it), so without them the thread stays lowered, which is harmless for ProvPerf's main thread since the
/// run ends with it. Elsewhere (and if the calls fail) it does nothing.
/// </summary>
internal readonly struct AcceptingThreadPriority : IDisposable
{
    /// <summary>Nice 10 against the provider threads' 0: about a tenth of a core's share when both want it.</summary>
    public const int NiceIncrease = 10;

    private readonly int _threadId;
    private readonly int _previous;

    private AcceptingThreadPriority(int threadId, int previous)
    {
        _threadId = threadId;
        _previous = previous;
    }

    /// <summary>True when the priority was lowered (and will be restored).</summary>
    public bool IsLowered => _threadId != 0;

    /// <summary>The calling thread's nice value now (Linux), or null.</summary>
    public static int? CurrentNice() => ThreadNice.Of(ThreadNice.CurrentThreadId());

    public static AcceptingThreadPriority Lower()
    {
        int? current = CurrentNice();
        if (current is null)
            return default;
        int threadId = ThreadNice.CurrentThreadId();
        int lowered = Math.Min(ThreadNice.Lowest, current.Value + NiceIncrease);
        return ThreadNice.Set(threadId, lowered) ? new AcceptingThreadPriority(threadId, current.Value) : default;
    }

    public void Dispose()
    {
        if (IsLowered)
            ThreadNice.Set(_threadId, _previous);
    }
}
