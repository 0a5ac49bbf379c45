using PerfTools.Common.Network;
using Xunit;

namespace PerfTools.Tests.Common;

/// <summary>The give-up line of every client tool says which it was: a host name with no address, or no one accepting.</summary>
public sealed class ConnectFailuresTests
{
    [Fact]
    public void A_host_name_with_no_address_gives_host_not_found()
    {
        var failures = new ConnectFailures("nosuchhost.invalid", "14002");

        Assert.True(failures.Record("Connect: cannot connect to nosuchhost.invalid:14002: HostNotFound"));

        Assert.True(failures.HostNotFound);
        Assert.Equal("host not found: nosuchhost.invalid has no address (port 14002; gave up after 5 s)", failures.GiveUpLine(5));
    }

    [Fact]
    public void A_refused_address_gives_cannot_connect_with_the_last_error_and_only_the_first_failure_is_printed()
    {
        var failures = new ConnectFailures("127.0.0.1", "1");

        Assert.True(failures.Record("refused"));
        Assert.False(failures.Record("refused again"));

        Assert.False(failures.HostNotFound);
        Assert.Equal("cannot connect to 127.0.0.1:1 within 5 s (last attempt: refused again)", failures.GiveUpLine(5));
        Assert.Equal("Tool: connection to 127.0.0.1:1 failed (refused); retrying every 1 s.",
            failures.RetryLine("Tool", "refused", TimeSpan.FromSeconds(1)));
    }

    [Fact]
    public void Stopped_before_connecting_it_says_it_was_interrupted_and_after_how_long()
    {
        var failures = new ConnectFailures("127.0.0.1", "1");
        var lost = new ConnectFailures("nosuchhost.invalid", "14002");

        failures.Record("refused");
        lost.Record("HostNotFound");

        Assert.Equal("interrupted after 0 s, before a connection to 127.0.0.1:1 was made (last attempt: refused)", failures.InterruptedLine());
        Assert.Equal("host not found: nosuchhost.invalid has no address (port 14002; interrupted after 0 s)", lost.InterruptedLine());
    }

    [Fact]
    public void An_attempt_that_never_ended_says_the_host_did_not_answer()
    {
        var failures = new ConnectFailures("127.0.0.1", "15981");

        Assert.Equal("cannot connect to 127.0.0.1:15981 within 3 s (no attempt failed or completed: the host did not answer "
            + "the TCP connect or the RIPC handshake, as with a firewall that drops packets, a server too busy to accept, "
            + "or one that does not speak RSSL)", failures.GiveUpLine(3));
    }

    [Fact]
    public void An_attempt_still_under_way_says_where_it_stood()
    {
        var failures = new ConnectFailures("127.0.0.1", "15981");
        failures.RecordUnfinished(null); // a channel no longer in its handshake has nothing to say
        failures.RecordUnfinished("was connected, and the server had sent nothing");

        Assert.Equal("cannot connect to 127.0.0.1:15981 within 3 s (no attempt failed; the one under way was connected, and the "
            + "server had sent nothing)", failures.GiveUpLine(3));
        Assert.EndsWith("before a connection to 127.0.0.1:15981 was made (no attempt failed; the one under way was connected, "
            + "and the server had sent nothing)", failures.InterruptedLine());
        failures.Record("refused");
        Assert.EndsWith("(last attempt: refused)", failures.GiveUpLine(3));
    }
}
