namespace PerfTools.Tests.ProvPerf;

/// <summary>ProvPerf tests that must not run at the same time (busy provider threads versus allocation measurement).</summary>
internal static class ProvPerfTestCollection
{
    public const string Name = "ProvPerf serial";
}
