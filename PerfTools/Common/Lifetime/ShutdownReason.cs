namespace PerfTools.Common.Lifetime;

/// <summary>Why a run ended. Every reason goes through the same flush-and-write-outputs path.</summary>
public enum ShutdownReason
{
    None = 0,
    RunTimeExpired,
    Interrupted,
    PeerDisconnected,
    Failed,

    /// <summary>A worker thread threw what no code path expects (<see cref="InternalError"/>).</summary>
    InternalError,
}
