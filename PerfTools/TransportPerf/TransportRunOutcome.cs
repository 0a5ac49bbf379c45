using PerfTools.Common.Lifetime;
using PerfTools.TransportPerf.Options;

namespace PerfTools.TransportPerf;

/// <summary>
/// How a TransportPerf run ended and its exit code: the last line of the summary file and of the console says why.
/// </summary>
/// <remarks>
/// Exit codes: 0 the run ended as planned (run time, or Ctrl+C) with every message in sequence; 1 a setup or output
/// file problem; 2 a command-line error; 3 a client that never connected (the line starts "host not found" or
/// "cannot connect"); 4 a client whose connection was lost
/// before its run time ended; 5 messages received out of sequence, missing, or too short to be TransportPerf's, or
/// (reflecting) messages that could not be echoed, which the sender sees as gaps; 70 a worker thread's internal error.
/// </remarks>
internal sealed record TransportRunOutcome(int ExitCode, string Reason)
{
    public const int SetupFailed = 1;
    public const int NeverConnected = 3;
    public const int ConnectionLost = 4;
    public const int BadSequence = 5;

    /// <summary>The summary's closing line.</summary>
    public string SummaryLine => $"Run ended: {Reason.TrimEnd('.')}.";

    public static TransportRunOutcome Decide(TransportPerfOptions options, ShutdownSignal shutdown, RunFacts facts)
    {
        if (facts.InternalError is not null)
            return new(InternalError.ExitCode, facts.InternalError);
        if (facts.SetupFailure is not null)
            return new(SetupFailed, "failed: " + facts.SetupFailure);
        string peer = $"{options.HostName}:{options.Port}";
        if (options.AppType == AppType.Client && facts.ConnectionsMade == 0)
            return new(NeverConnected, facts.NoConnection ?? $"cannot connect to {peer} within {options.RunTime} s");
        if (options.AppType == AppType.Client && shutdown.Reason == ShutdownReason.PeerDisconnected)
            return new(ConnectionLost, $"the connection to {peer} was lost before the run time ended ({facts.LastCloseReason ?? "closed by peer"})");
        if (facts.SequenceErrors > 0 || facts.MalformedMessages > 0)
            return new(BadSequence, $"{facts.SequenceErrors} sequence errors ({facts.MissingMessages} messages missing) and "
                + $"{facts.MalformedMessages} messages too short to hold a sequence number and timestamp were received; "
                + "is the peer writing another payload layout?");
        if (facts.ReflectionsDropped > 0)
            return new(BadSequence, $"{facts.ReflectionsDropped} received messages could not be reflected for lack of output buffers "
                + "(even after a flush); the sender sees them as sequence gaps (try more -outputBufs)");
        return new(0, shutdown.Reason == ShutdownReason.RunTimeExpired ? "run time expired" : "interrupted");
    }

    /// <summary>What the run observed, gathered after its threads stopped.</summary>
    /// <param name="NoConnection">A client's line for having never connected: host not found, or cannot connect.</param>
    /// <param name="InternalError">The first worker thread's <see cref="Common.Lifetime.InternalError.Reason"/>, if one threw.</param>
    internal sealed record RunFacts(string? SetupFailure, int ConnectionsMade, string? NoConnection, string? LastCloseReason,
        long SequenceErrors, long MissingMessages, long MalformedMessages, long ReflectionsDropped = 0, string? InternalError = null);
}
