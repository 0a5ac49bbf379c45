using System.Text.Json;
using Xunit;

namespace PerfTools.Tests.TransportPerf;

/// <summary>
/// TransportPerf compiles once, before its run, and never during it: tiering would run tier-0 code first, recompile
/// hot methods in the background during the run and compile the tick loop's on-stack replacement on the transport
/// thread itself (the latency tail of issue 14; bench/README.md).
/// </summary>
public sealed class NoJitDuringRunTests
{
    [Fact]
    public void TransportPerf_runs_without_tiered_compilation()
    {
        string path = Path.Combine(AppContext.BaseDirectory, "TransportPerf.runtimeconfig.json");
        Assert.True(File.Exists(path), $"{path} is missing: the test project no longer copies TransportPerf's runtime config");
        using JsonDocument config = JsonDocument.Parse(File.ReadAllText(path));
        JsonElement properties = config.RootElement.GetProperty("runtimeOptions").GetProperty("configProperties");
        Assert.True(properties.TryGetProperty("System.Runtime.TieredCompilation", out JsonElement tiered),
            "TransportPerf's runtime config does not set System.Runtime.TieredCompilation");
        Assert.False(tiered.GetBoolean());
    }
}
