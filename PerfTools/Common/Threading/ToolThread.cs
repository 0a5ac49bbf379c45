namespace PerfTools.Common.Threading;

/// <summary>
/// Starts a tool's worker thread, pinned to a CPU from <c>-threads</c>. Failing to pin is reported through
/// <c>warn</c> and the thread runs unpinned: a warning, not a crash.
/// </summary>
public static class ToolThread
{
    public static Thread Start(string name, int cpuId, Action body, Action<string> warn)
    {
        var thread = new Thread(() =>
        {
            if (cpuId != ThreadCpuList.Unpinned && !CpuAffinity.TryPinCurrentThread(cpuId, out string? failure))
                warn($"Warning: {name} not pinned to CPU {cpuId}: {failure}");
            body();
        })
        {
            Name = name,
            IsBackground = true,
        };
        thread.Start();
        return thread;
    }
}
