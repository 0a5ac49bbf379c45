namespace PerfTools.PerfHub.Network;

/// <summary>What is at the other end of a hub channel.</summary>
internal enum ChannelRole
{
    /// <summary>A consumer (ConsPerf) on the consumer port: the ADS side.</summary>
    Consumer,

    /// <summary>A non-interactive provider (NIProvPerf) on the NI port: the ADH side.</summary>
    NiProvider,

    /// <summary>The interactive provider (ProvPerf) the hub consumes from.</summary>
    Upstream,
}
