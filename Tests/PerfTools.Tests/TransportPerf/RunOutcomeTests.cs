using PerfTools.Common.Lifetime;
using PerfTools.TransportPerf.Options;
using PerfTools.TransportPerf;
using Xunit;

namespace PerfTools.Tests.TransportPerf;

/// <summary>A TransportPerf run's exit code and the reason its summary ends with.</summary>
public sealed class RunOutcomeTests
{
    private static TransportPerfOptions Options(params string[] args) => TransportPerfCommandLine.Parse(args).Options!;

    private static TransportRunOutcome Decide(TransportPerfOptions options, ShutdownReason reason,
        int connections = 1, long sequenceErrors = 0, long malformed = 0, string? closeReason = null)
    {
        using var shutdown = new ShutdownSignal(null, default, handleSignals: false);
        shutdown.Request(reason);
        return TransportRunOutcome.Decide(options, shutdown,
            new TransportRunOutcome.RunFacts(null, connections, "cannot connect to 10.0.0.9:14099 within 300 s (last attempt: connection refused)", closeReason, sequenceErrors, sequenceErrors * 3, malformed));
    }

    [Fact]
    public void A_clean_run_exits_zero()
    {
        TransportRunOutcome outcome = Decide(Options("-appType", "client"), ShutdownReason.RunTimeExpired);
        Assert.Equal((0, "Run ended: run time expired."), (outcome.ExitCode, outcome.SummaryLine));
    }

    [Fact]
    public void A_setup_failure_that_ends_with_a_period_ends_the_line_with_one()
    {
        using var shutdown = new ShutdownSignal(null, default, handleSignals: false);
        TransportRunOutcome outcome = TransportRunOutcome.Decide(Options("-appType", "server"), shutdown,
            new TransportRunOutcome.RunFacts("Bind: the content is malformed.", 0, null, null, 0, 0, 0));
        Assert.Equal((1, "Run ended: failed: Bind: the content is malformed."), (outcome.ExitCode, outcome.SummaryLine));
    }

    [Fact]
    public void A_client_that_never_connected_exits_3_and_says_where_it_tried()
    {
        TransportRunOutcome outcome = Decide(Options("-appType", "client", "-h", "10.0.0.9", "-p", "14099"), ShutdownReason.RunTimeExpired, connections: 0);
        Assert.Equal(3, outcome.ExitCode);
        Assert.Equal("Run ended: cannot connect to 10.0.0.9:14099 within 300 s (last attempt: connection refused).", outcome.SummaryLine);
    }

    [Fact]
    public void A_client_that_lost_its_peer_exits_4_with_the_close_reason()
    {
        TransportRunOutcome outcome = Decide(Options("-appType", "client"), ShutdownReason.PeerDisconnected, closeReason: "connection reset");
        Assert.Equal(4, outcome.ExitCode);
        Assert.Contains("was lost", outcome.SummaryLine);
        Assert.Contains("connection reset", outcome.SummaryLine);
    }

    [Theory]
    [InlineData("client")]
    [InlineData("server")]
    public void Sequence_errors_or_short_messages_exit_5_on_either_side(string appType)
    {
        Assert.Equal(5, Decide(Options("-appType", appType), ShutdownReason.Interrupted, sequenceErrors: 2).ExitCode);
        TransportRunOutcome outcome = Decide(Options("-appType", appType), ShutdownReason.Interrupted, malformed: 1);
        Assert.Equal(5, outcome.ExitCode);
        Assert.Contains("payload layout", outcome.Reason);
    }

    [Fact]
    public void A_reflector_that_dropped_messages_exits_5()
    {
        using var shutdown = new ShutdownSignal(null, default, handleSignals: false);
        shutdown.Request(ShutdownReason.Interrupted);
        TransportRunOutcome outcome = TransportRunOutcome.Decide(Options("-appType", "server", "-reflectMsgs"), shutdown,
            new TransportRunOutcome.RunFacts(null, 1, null, null, 0, 0, 0, ReflectionsDropped: 7));
        Assert.Equal(5, outcome.ExitCode);
        Assert.Contains("7 received messages could not be reflected", outcome.Reason);
    }

    [Fact]
    public void A_server_whose_clients_leave_is_not_a_failure()
    {
        Assert.Equal(0, Decide(Options("-appType", "server"), ShutdownReason.Interrupted, connections: 0).ExitCode);
    }
}
