using System.Text.RegularExpressions;
using Xunit;

namespace Interop.Tests.Harness;

/// <summary>What a run's outputs must show: LSEG's logs free of failures, and a consumer summary that reached steady state.</summary>
internal static partial class Outputs
{
    // LSEG C's wording when recv() returns 0, that is when the peer closed in order: ipcRead (ripcutils.c) returns -2
    // and ipcReadSession (rsslSocketTransportImpl.c) reports it as "Error:1002 ipcRead() failure. Connection reset by
    // peer". A real reset (RST, ECONNRESET) reads "ipcRead() failure. System errno: (104)" instead.
    // LSEG C# reports it as "end-of-stream", followed by one "Error while handling channels" line as its tool closes
    // the channel a second time (ProvPerf: "Failure reading from channel, channel closed", or "not in the active state
    // for flush").
    private static readonly string[] s_peerClosedInOrder =
    [
        "ipcRead() failure. Connection reset by peer", "SocketChannel.Receive returned -1 (end-of-stream)",
        "Socket channel is not in the active state for flush", "Failure reading from channel, channel closed",
    ];

    // Anything else of these in an LSEG log means a channel failed: a frame it rejected, a reset, a ping timeout, a
    // failed test. Case-sensitive, as LSEG prints them.
    private static readonly string[] s_failureMarks =
    [
        "Error", "ERROR", "Invalid Message Opcode", "System errno", "Connection reset", "Ping time", "TEST FAILED",
        "not reached", "Exception", "failed", "Failed",
    ];

    /// <summary>
    /// LSEG C's tool printed the channel it ran on with the compression given ("compressionType: zlib"); nothing is
    /// asserted for a null one.
    /// </summary>
    public static void AssertLsegChannelCompression(PeerProcess lseg, string? compression)
    {
        if (compression is null)
            return;
        string[] reported = [.. lseg.Output.Split('\n').Select(l => l.Trim()).Where(l => l.StartsWith("compressionType: ", StringComparison.Ordinal))];
        Assert.True(reported.Length > 0 && reported.All(l => l == "compressionType: " + compression),
            $"{lseg.Name}: expected its channel's compressionType: {compression}; it reported [{string.Join(", ", reported)}]:\n{lseg.Tail()}");
    }

    /// <summary>
    /// Fails on any line of LSEG's output that reports a failure. When our side ends the connection
    /// (<paramref name="ourSideCloses"/>), LSEG C's own line for an orderly close by the peer is allowed, once per
    /// channel.
    /// </summary>
    public static void AssertLsegLogClean(PeerProcess lseg, bool ourSideCloses, int channels = 1, bool webSocket = false)
    {
        string[] lines = lseg.Output.Split('\n');
        string[] failures = [.. lines.Where(l => s_failureMarks.Any(m => l.Contains(m, StringComparison.Ordinal)))];
        bool Orderly(string line) => IsOrderlyClose(line) || (webSocket && line.Contains(WebSocketEndOfStream, StringComparison.Ordinal));
        int orderlyCloses = failures.Count(Orderly);
        string[] others = [.. failures.Where(l => !Orderly(l))];
        Assert.True(others.Length == 0,
            $"{lseg.Name} reported a failure:\n  {string.Join("\n  ", others)}\n--- its output ends:\n{lseg.Tail()}");
        Assert.True(orderlyCloses == 0 || (ourSideCloses && orderlyCloses <= 2 * channels),
            $"{lseg.Name} saw the connection closed under it ({orderlyCloses} time(s)):\n{lseg.Tail()}");
    }

    /// <summary>
    /// What LSEG's C server logs when an rssl.rwf WebSocket peer ends its stream, LSEG's own C ConsPerf included
    /// (checked by hand: rsslConsPerf -connType websocket -pl rssl.rwf against rsslProvPerf -pl rssl.rwf): its WebSocket
    /// reader turns the end of stream into a failed read, which ipcReadSession logs with the errno left over (EAGAIN).
    /// </summary>
    private const string WebSocketEndOfStream = "rsslSocketTransportImpl.c:767> Error:1002 ipcRead() failure. System errno: (11)";

    private static bool IsOrderlyClose(string line) => s_peerClosedInOrder.Any(t => line.Contains(t, StringComparison.Ordinal));

    /// <summary>
    /// A ConsPerf summary (LSEG's or ours, same layout) whose steady state was reached, with every image received and,
    /// when <paramref name="latency"/>, update latency measured in steady state.
    /// </summary>
    public static void AssertConsumerSteadyState(string who, string summary, int items, bool latency)
    {
        Assert.False(string.IsNullOrEmpty(summary), $"{who} wrote no summary");
        // The whole summary on failure: its last lines say why (LSEG's "ERROR: TEST FAILED due to error from Consumer
        // Thread n:" is followed by the code, the text and where), which a sub-string assertion would cut off.
        Assert.False(summary.Contains("Steady state was not reached", StringComparison.Ordinal), $"{who} reached no steady state:\n{summary}");
        Assert.False(summary.Contains("TEST FAILED", StringComparison.Ordinal), $"{who} failed:\n{summary}");
        Assert.Matches($@"Refreshes received: {items}\b", summary);
        Match steady = SteadyStateSection().Match(summary);
        Assert.True(steady.Success, $"{who}'s summary has no steady-state section:\n{summary}");
        if (latency)
            Assert.True(steady.Groups[1].Value.Contains("Latency avg (usec):", StringComparison.Ordinal),
                $"{who} measured no latency in steady state:\n{steady.Value}");
    }

    /// <summary>
    /// A TransportPerf summary (LSEG's or ours, same layout) of a run that received messages (or only sent them, when
    /// <paramref name="sendsOnly"/>) and, when <paramref name="latency"/>, measured their latency.
    /// </summary>
    public static void AssertTransportSummary(string who, string summary, bool latency, bool sendsOnly = false)
    {
        Assert.False(string.IsNullOrEmpty(summary), $"{who} wrote no summary");
        Assert.True((sendsOnly ? MessagesSent() : MessagesReceived()).IsMatch(summary),
            $"{who} {(sendsOnly ? "sent" : "received")} no messages:\n{summary}");
        if (latency)
            Assert.True(summary.Contains("Latency avg (usec):", StringComparison.Ordinal), $"{who} measured no latency:\n{summary}");
    }

    [GeneratedRegex(@"Msgs Sent: [1-9]")]
    private static partial Regex MessagesSent();

    [GeneratedRegex(@"Msgs Received: [1-9]")]
    private static partial Regex MessagesReceived();

    [GeneratedRegex(@"Steady State Statistics:\n((?:.+\n)+)")]
    private static partial Regex SteadyStateSection();
}
