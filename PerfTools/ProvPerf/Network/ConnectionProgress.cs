namespace PerfTools.ProvPerf.Network;

/// <summary>Where a new connection's handshake stands.</summary>
internal enum ConnectionProgress
{
    InProgress,
    Active,
    Failed,
}
