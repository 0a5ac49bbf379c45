namespace PerfTools.Common.Provider;

/// <summary>Where a new connection's handshake stands.</summary>
public enum ConnectionProgress
{
    InProgress,
    Active,
    Failed,
}
