using Xunit;

namespace PerfTools.Tests.ConsPerf;

/// <summary>
/// ConsPerf's loopback tests (each runs ConsPerf against a ProvPerf in this process) share one collection that never
/// runs in parallel with anything: each test drives two busy tools, and the CI machine has two cores. ProvPerf's own
/// tests have their collection (ProvPerfTestCollection), TransportPerf's theirs (TransportPerfEndToEnd).
/// </summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class EndToEndCollection
{
    public const string Name = "ProvPerf and ConsPerf end to end";
}
