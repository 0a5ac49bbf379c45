using System.Runtime.InteropServices;

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
internal readonly partial struct AcceptingThreadPriority : IDisposable
{
    /// <summary>Nice 10 against the provider threads' 0: about a tenth of a core's share when both want it.</summary>
    public const int NiceIncrease = 10;

    private const int PrioProcess = 0; // with a thread id, setpriority applies to that thread alone on Linux
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
    public static int? CurrentNice()
    {
        if (!OperatingSystem.IsLinux())
            return null;
        Marshal.SetLastPInvokeError(0);
        int nice = GetPriority(PrioProcess, GetThreadId());
        return nice == -1 && Marshal.GetLastPInvokeError() != 0 ? null : nice;
    }

    public static AcceptingThreadPriority Lower()
    {
        int? current = CurrentNice();
        if (current is null)
            return default;
        int threadId = GetThreadId();
        int lowered = Math.Min(19, current.Value + NiceIncrease);
        return SetPriority(PrioProcess, threadId, lowered) == 0 ? new AcceptingThreadPriority(threadId, current.Value) : default;
    }

    public void Dispose()
    {
        if (IsLowered)
            SetPriority(PrioProcess, _threadId, _previous);
    }

    [LibraryImport("libc", EntryPoint = "gettid")]
    private static partial int GetThreadId();

    [LibraryImport("libc", EntryPoint = "getpriority", SetLastError = true)]
    private static partial int GetPriority(int which, int who);

    [LibraryImport("libc", EntryPoint = "setpriority", SetLastError = true)]
    private static partial int SetPriority(int which, int who, int priority);
}
