using System.Globalization;
using PerfTools.Common.Output;

namespace PerfTools.NIProvPerf.Output;

/// <summary>
/// One interval of one provider thread: a line of its stats file (guide §6.7.2). The guide's sample rows hold a
/// requests column (always 0 for a non-interactive provider) before the images, as LSEG's tools write them; the
/// header names it so a reader by name finds each column where its values are.
/// </summary>
internal readonly record struct NIProvStatsRow(DateTime Utc, long Images, long Updates, double CpuPercent, double MemoryMegabytes)
{
    private static readonly CultureInfo Culture = CultureInfo.InvariantCulture;

    public static IReadOnlyList<CsvColumn<NIProvStatsRow>> Columns { get; } =
    [
        new("UTC", r => r.Utc.ToString("yyyy-MM-dd HH:mm:ss", Culture)),
        new("Requests received", _ => "0"),
        new("Images sent", r => r.Images.ToString(Culture)),
        new("Updates sent", r => r.Updates.ToString(Culture)),
        new("CPU usage (%)", r => r.CpuPercent.ToString("0.00", Culture)),
        new("Memory (MB)", r => r.MemoryMegabytes.ToString("0.00", Culture)),
    ];
}
