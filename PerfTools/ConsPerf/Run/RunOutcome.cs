namespace PerfTools.ConsPerf.Run;

/// <summary>How a ConsPerf run ended.</summary>
public enum RunOutcomeKind
{
    /// <summary>Every thread got all images and ran its full steady state.</summary>
    SteadyStateCompleted,

    /// <summary>-snapshot: every thread got all images.</summary>
    SnapshotCompleted,

    /// <summary>Not all images arrived within -steadyStateTime of connecting.</summary>
    ImagesTimedOut,

    /// <summary>No connection was made within -steadyStateTime: nothing accepted it.</summary>
    CannotConnect,

    /// <summary>No connection was made within -steadyStateTime: the host name has no address.</summary>
    HostNotFound,

    /// <summary>A connection closed or failed after the test had begun.</summary>
    ConnectionLost,

    /// <summary>The provider refused the login, the directory or an item, or sent something unusable.</summary>
    ProviderRefused,

    /// <summary>Stopped from outside (Ctrl+C or the caller's cancellation) before the test finished.</summary>
    Interrupted,

    /// <summary>The test completed but its summary file could not be written: its results are only on the console.</summary>
    SummaryNotWritten,

    /// <summary>A consumer thread threw what no code path expects (<see cref="Common.Lifetime.InternalError"/>).</summary>
    InternalError,
}

/// <summary>The outcome and, when it is a failure, what happened, in words for the summary and the console.</summary>
public sealed record RunOutcome(RunOutcomeKind Kind, string Reason)
{
    public bool Succeeded => Kind is RunOutcomeKind.SteadyStateCompleted or RunOutcomeKind.SnapshotCompleted;

    /// <summary>0 on success; otherwise a distinct non-zero code per kind of failure.</summary>
    public int ExitCode => Kind switch
    {
        RunOutcomeKind.SteadyStateCompleted or RunOutcomeKind.SnapshotCompleted => 0,
        RunOutcomeKind.SummaryNotWritten => 1,
        RunOutcomeKind.ImagesTimedOut => 3,
        RunOutcomeKind.ConnectionLost => 4,
        RunOutcomeKind.ProviderRefused => 5,
        RunOutcomeKind.CannotConnect => 7,
        RunOutcomeKind.HostNotFound => 8,
        RunOutcomeKind.InternalError => Common.Lifetime.InternalError.ExitCode,
        _ => 6,
    };
}
