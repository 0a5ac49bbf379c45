using PerfTools.Common.Items;
using PerfTools.Common.Network;
using PerfTools.ConsPerf.Options;
using PerfTools.ConsPerf.Run;
using PerfTools.ConsPerf.Statistics;

namespace PerfTools.ConsPerf.Reactor;

/// <summary>The consumer thread's body in <c>-reactor</c> mode (the hook in <see cref="Threads.ConsumerThread"/>).</summary>
internal static class ReactorConsumerThread
{
    public static ThreadEnd? Run(int threadNumber, ConsPerfOptions options, ConsumerResources resources, ItemSpec[] items,
        ConsumerThreadStats stats, ConnectFailures connectFailures, Action<string> warn, CancellationToken stop)
    {
        using var session = new ReactorConsumerSession(threadNumber, options, resources, items, stats, connectFailures, warn);
        return session.Run(stop);
    }
}
