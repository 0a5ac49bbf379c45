using System.Diagnostics;
using PerfTools.Common.Timing;

namespace PerfTools.Common.Resources;

/// <summary>
/// Periodic CPU and memory sampling as the guide specifies (§2.4.4): CPU % = process CPU time used since the
/// previous sample / (cores × wall time since the previous sample); memory = peak working set in MB.
/// </summary>
public sealed class ResourceSampler
{
    private const double BytesPerMegabyte = 1024.0 * 1024.0;

    private readonly Process _process = Process.GetCurrentProcess();
    private readonly ITimeSource _clock;
    private readonly int _cores;
    private TimeSpan _lastCpu;
    private long _lastWall;

    public ResourceSampler(ITimeSource? clock = null, int? cores = null)
    {
        _clock = clock ?? SystemTimeSource.Instance;
        _cores = cores ?? Environment.ProcessorCount;
        _lastCpu = _process.TotalProcessorTime;
        _lastWall = _clock.GetTimestamp();
    }

    public ResourceSample Sample()
    {
        _process.Refresh();
        TimeSpan cpu = _process.TotalProcessorTime;
        long wall = _clock.GetTimestamp();
        double wallMilliseconds = (wall - _lastWall) * 1000.0 / _clock.Frequency;
        double cpuPercent = CpuPercent((cpu - _lastCpu).TotalMilliseconds, wallMilliseconds, _cores);
        _lastCpu = cpu;
        _lastWall = wall;
        return new ResourceSample(cpuPercent, _process.PeakWorkingSet64 / BytesPerMegabyte);
    }

    /// <summary>The guide's formula, separated so it can be checked without a process.</summary>
    public static double CpuPercent(double cpuMilliseconds, double wallMilliseconds, int cores) =>
        wallMilliseconds <= 0 || cores <= 0 ? 0.0 : 100.0 * cpuMilliseconds / (cores * wallMilliseconds);
}
