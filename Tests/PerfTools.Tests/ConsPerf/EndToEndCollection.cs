using Xunit;

namespace PerfTools.Tests.ConsPerf;

/// <summary>
/// The ProvPerf + ConsPerf loopback tests share one collection that never runs in parallel with anything: each test
/// drives two busy tools, and the CI machine has two cores.
/// </summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class EndToEndCollection
{
    public const string Name = "ProvPerf and ConsPerf end to end";
}
