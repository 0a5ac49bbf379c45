namespace PerfTools.Common.Resources;

/// <summary>One CPU/memory reading (guide §2.4.4).</summary>
public readonly record struct ResourceSample(double CpuPercent, double MemoryMegabytes);
