namespace PerfTools.Common.Output;

/// <summary>
/// The console lines ProvPerf and NIProvPerf print alike every stats interval (guide §5.7.3, §6.7.3): the thread
/// prefix, the update rate with CPU and memory, and the sending trouble (updates stopped for lack of buffers,
/// messages per pack). Written through <see cref="TextLines"/>: nothing is allocated per interval.
/// </summary>
public sealed class ProviderConsoleLines
{
    private readonly TextWriter _console;

    public ProviderConsoleLines(TextWriter console) => _console = console;

    /// <summary>The buffer the tool's own lines are formatted into.</summary>
    public TextLines Lines { get; } = new();

    public TextWriter Console => _console;

    /// <summary>"005: " with one thread; "005: Thread 2" and an indented next line with several.</summary>
    public void Prefix(long runSeconds, int threadIndex, int threadCount)
    {
        if (threadCount == 1)
            Lines.Write(_console, $"{runSeconds:000}: ");
        else
            Lines.Write(_console, $"{runSeconds:000}: Thread {threadIndex + 1}\n  ");
    }

    /// <summary>"UpdRate: 100020, CPU: 0.00%, Mem: 2191.73MB".</summary>
    public void UpdateRate(long updates, double intervalSeconds, double cpuPercent, double memoryMegabytes)
    {
        long rate = intervalSeconds > 0 ? (long)(updates / intervalSeconds) : 0;
        Lines.Write(_console, $"UpdRate: {rate}, CPU: {cpuPercent:0.00}%, Mem: {memoryMegabytes:0.00}MB\n");
    }

    /// <summary>Updates stopped for lack of output buffers, and with packing the average messages per buffer.</summary>
    public void SendingTrouble(long outOfBuffers, long behindSchedule, long messages, long buffers, bool packing)
    {
        if (outOfBuffers > 0)
            Lines.Write(_console, $"  - Stopped {outOfBuffers} updates due to lack of output buffers.\n");
        if (behindSchedule > 0)
            Lines.Write(_console, $"  - Skipped {behindSchedule} updates: the thread fell behind its tick schedule.\n");
        if (buffers > 0 && packing)
            Lines.Write(_console, $"  - Approx. avg msgs per pack: {(double)messages / buffers:0}\n");
    }
}
