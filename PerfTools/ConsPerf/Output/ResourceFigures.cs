using PerfTools.Common.Statistics;

namespace PerfTools.ConsPerf.Output;

/// <summary>The CPU (%) and memory (MB) samples taken once per stats interval (§2.4.4).</summary>
public sealed class ResourceFigures
{
    private RunningStatistics _cpu;
    private RunningStatistics _memoryMb;

    public RunningStatistics Cpu => _cpu;

    public RunningStatistics MemoryMb => _memoryMb;

    public void Add(double cpuPercent, double memoryMb)
    {
        _cpu.Add(cpuPercent);
        _memoryMb.Add(memoryMb);
    }
}
