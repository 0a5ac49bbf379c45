using PerfTools.Common.Statistics;

namespace PerfTools.Common.Resources;

/// <summary>Min/max/average of the CPU and memory samples of a run, for the summary's "CPU/Memory samples" lines.</summary>
public sealed class ResourceStatistics
{
    private RunningStatistics _cpu;
    private RunningStatistics _memory;

    public long SampleCount => _cpu.Count;

    public RunningStatistics Cpu => _cpu;

    public RunningStatistics Memory => _memory;

    public void Add(ResourceSample sample)
    {
        _cpu.Add(sample.CpuPercent);
        _memory.Add(sample.MemoryMegabytes);
    }
}
