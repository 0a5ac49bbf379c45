namespace PerfTools.Common.Threading;

/// <summary>
/// Starts a tool's worker thread, pinned to a CPU from <c>-threads</c>. Failing to pin is reported through
/// <c>warn</c> and the thread runs unpinned: a warning, not a crash. An exception that escapes <c>body</c> goes to
/// <c>crashed</c> (<see cref="Lifetime.InternalError"/>) instead of ending the process without a summary.
/// </summary>
public static class ToolThread
{
    public static Thread Start(string name, int cpuId, Action body, Action<string> warn, Action<Exception> crashed)
    {
        var thread = new Thread(() =>
        {
            if (cpuId != ThreadCpuList.Unpinned && !CpuAffinity.TryPinCurrentThread(cpuId, out string? failure))
                warn($"{name}: warning: not pinned to CPU {cpuId}: {failure}");
            try
            {
                body();
            }
            catch (Exception e)
            {
                crashed(e);
            }
        })
        {
            Name = name,
            IsBackground = true,
        };
        thread.Start();
        return thread;
    }
}
