namespace PerfTools.Common.Threading;

/// <summary>
/// Puts the runtime's tiered-compilation thread at the lowest priority (Linux: SCHED_IDLE, <see cref="IdleScheduling"/>).
/// What the JIT still compiles once a run has started then waits for a CPU nothing else wants instead of taking one
/// from a measured thread: on a two-core machine a transport thread queued behind the JIT's held its latency samples
/// for milliseconds (at nice 19 too: the JIT ran out its time slice before a woken reader got its CPU). The runtime
/// keeps that thread for a few seconds after its last work and starts a new one (at its starter's priority) after
/// that, so call this right after the warm-up, while the warm-up's thread is still there.
/// </summary>
public static class JitThreadPriority
{
    /// <summary>The thread's name as the kernel keeps it (".NET Tiered Compilation Worker", cut to 15 characters).</summary>
    internal const string WorkerName = ".NET Tiered Com";

    private const string Tasks = "/proc/self/task";

    /// <summary>
    /// Moves every tiered-compilation thread of this process to SCHED_IDLE, or where that is refused to nice 19
    /// (those it may not lower keep their priority).
    /// </summary>
    public static void LowerWorkers()
    {
        foreach (int threadId in WorkerThreadIds())
        {
            if (!IdleScheduling.Set(threadId))
                ThreadNice.Set(threadId, ThreadNice.Lowest);
        }
    }

    /// <summary>The kernel ids of this process's tiered-compilation threads (Linux; none elsewhere).</summary>
    public static IReadOnlyList<int> WorkerThreadIds()
    {
        var ids = new List<int>();
        if (!OperatingSystem.IsLinux())
            return ids;
        try
        {
            foreach (string task in Directory.EnumerateDirectories(Tasks))
            {
                if (int.TryParse(Path.GetFileName(task), out int threadId) && NameOf(task) == WorkerName)
                    ids.Add(threadId);
            }
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            // No /proc: nothing to lower.
        }
        return ids;
    }

    private static string? NameOf(string task)
    {
        try
        {
            return File.ReadAllText(Path.Combine(task, "comm")).TrimEnd('\n');
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return null; // the thread ended meanwhile
        }
    }
}
