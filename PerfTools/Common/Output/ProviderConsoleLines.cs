using System.Globalization;

namespace PerfTools.Common.Output;

/// <summary>
/// The console lines ProvPerf and NIProvPerf print alike every stats interval (guide §5.7.3, §6.7.3): the thread
/// prefix, the update rate with CPU and memory, and the sending trouble (updates stopped for lack of buffers,
/// messages per pack).
/// </summary>
public static class ProviderConsoleLines
{
    private static readonly CultureInfo Culture = CultureInfo.InvariantCulture;

    /// <summary>"005: " with one thread; "005: Thread 2" and an indented next line with several.</summary>
    public static string Prefix(long runSeconds, int threadIndex, int threadCount) =>
        threadCount == 1
            ? runSeconds.ToString("000", Culture) + ": "
            : $"{runSeconds.ToString("000", Culture)}: Thread {threadIndex + 1}\n  ";

    /// <summary>"UpdRate: 100020, CPU: 0.00%, Mem: 2191.73MB".</summary>
    public static void UpdateRate(TextWriter console, string prefix, long updates, double intervalSeconds, double cpuPercent,
        double memoryMegabytes)
    {
        long rate = intervalSeconds > 0 ? (long)(updates / intervalSeconds) : 0;
        console.Write(string.Create(Culture, $"{prefix}UpdRate: {rate}, CPU: {cpuPercent:0.00}%, Mem: {memoryMegabytes:0.00}MB\n"));
    }

    /// <summary>Updates stopped for lack of output buffers, and with packing the average messages per buffer.</summary>
    public static void SendingTrouble(TextWriter console, long outOfBuffers, long messages, long buffers, bool packing)
    {
        if (outOfBuffers > 0)
            console.Write(string.Create(Culture, $"  - Stopped {outOfBuffers} updates due to lack of output buffers.\n"));
        if (buffers > 0 && packing)
            console.Write(string.Create(Culture, $"  - Approx. avg msgs per pack: {(double)messages / buffers:0}\n"));
    }
}
