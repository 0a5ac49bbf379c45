using PerfTools.Common.Timing;

namespace PerfTools.Common.Resources;

/// <summary>
/// Periodic CPU and memory sampling as the guide specifies (§2.4.4): CPU % = process CPU time used since the
/// previous sample / (cores × wall time since the previous sample); memory = peak working set in MB.
/// <see cref="Sample"/> allocates nothing on Linux: CPU time comes from <see cref="Environment.CpuUsage"/>
/// (getrusage), the peak from <c>/proc/self/status</c> read into a reused buffer.
/// </summary>
public sealed class ResourceSampler
{
    private const double BytesPerMegabyte = 1024.0 * 1024.0;

    private readonly PeakMemoryReader _memory = new();
    private readonly ITimeSource _clock;
    private readonly int _cores;
    private TimeSpan _lastCpu;
    private long _lastWall;

    public ResourceSampler(ITimeSource? clock = null, int? cores = null)
    {
        _clock = clock ?? SystemTimeSource.Instance;
        _cores = cores ?? Environment.ProcessorCount;
        _lastCpu = TotalCpuTime;
        _lastWall = _clock.GetTimestamp();
    }

    /// <summary>CPU time (user and system) the process has used since it started.</summary>
    public static TimeSpan TotalCpuTime => Environment.CpuUsage.TotalTime;

    public ResourceSample Sample()
    {
        TimeSpan cpu = TotalCpuTime;
        long wall = _clock.GetTimestamp();
        double wallMilliseconds = (wall - _lastWall) * 1000.0 / _clock.Frequency;
        double cpuPercent = CpuPercent((cpu - _lastCpu).TotalMilliseconds, wallMilliseconds, _cores);
        _lastCpu = cpu;
        _lastWall = wall;
        return new ResourceSample(cpuPercent, _memory.PeakBytes() / BytesPerMegabyte);
    }

    /// <summary>The guide's formula, separated so it can be checked without a process.</summary>
    public static double CpuPercent(double cpuMilliseconds, double wallMilliseconds, int cores) =>
        wallMilliseconds <= 0 || cores <= 0 ? 0.0 : 100.0 * cpuMilliseconds / (cores * wallMilliseconds);
}
