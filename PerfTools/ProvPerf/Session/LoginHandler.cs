using System.Diagnostics;
using Eta.Codec;
using Eta.Codec.Rdm;
using PerfTools.Common.Timing;
using PerfTools.ProvPerf.Threads;

namespace PerfTools.ProvPerf.Session;

/// <summary>
/// The login stream of a connection: accepts the consumer's login (announcing posting, dictionary download
/// and, when the consumer asks for it, round trip latency monitoring), sends the RTT message every 5 seconds,
/// and measures the round trip when the consumer returns it (guide §2.4.5, §3.3).
/// </summary>
internal sealed class LoginHandler
{
    private const int MaxLoginMessage = 1024;
    private const int MaxRttMessage = 128;

    private readonly ProviderThreadStats _stats;
    private readonly LoginRequest _request = new();
    private readonly LoginRefresh _refresh = new();

    public LoginHandler(ProviderThreadStats stats)
    {
        _stats = stats;
        _refresh.Attributes.SingleOpen = 0;
        _refresh.Attributes.AllowSuspectData = 1;
        _refresh.Attributes.SupportOMMPost = 1;
        _refresh.Attributes.SupportBatchRequests = 0;
        _refresh.Attributes.SupportProviderDictionaryDownload = 1;
    }

    /// <summary>Handles one login-domain message; false with <paramref name="problem"/> when the channel must close.</summary>
    public bool Handle(ProviderSession session, scoped in Msg msg, out string? problem)
    {
        problem = null;
        switch (msg.MsgClass)
        {
            case MsgClass.Request:
                return OnRequest(session, msg, out problem);
            case MsgClass.Close:
                session.Console.WriteLine($"Received Login Close for StreamId {msg.StreamId}");
                session.LoginStreamId = 0;
                session.RoundTrip = null;
                return true;
            case MsgClass.Generic when LoginRtt.Matches(msg):
                OnRoundTripReturned(session, msg);
                return true;
            default:
                return true;
        }
    }

    /// <summary>Sends the RTT message when it is due; false when the channel failed.</summary>
    public bool SendRoundTripIfDue(ProviderSession session, long now)
    {
        RoundTripMonitor? monitor = session.RoundTrip;
        if (monitor is null || session.LoginStreamId == 0 || !monitor.IsDue(now))
            return true;
        Span<byte> space = session.Sink.Reserve(MaxRttMessage);
        if (space.IsEmpty)
            return true;
        var rtt = new LoginRtt
        {
            StreamId = session.LoginStreamId,
            Ticks = (ulong)PerfTimestamp.NowNanoseconds(),
            ProviderDriven = true,
            RoundTripLatency = monitor.LastRoundTripMicros > 0 ? (ulong)monitor.LastRoundTripMicros : null,
        };
        var encoder = new RwfEncoder(space);
        if (rtt.Encode(ref encoder) != CodecReturnCode.Success)
        {
            session.Sink.Cancel();
            return true;
        }
        return session.Sink.Send(encoder.Position);
    }

    private bool OnRequest(ProviderSession session, scoped in Msg msg, out string? problem)
    {
        problem = null;
        if (_request.Decode(msg) != CodecReturnCode.Success)
        {
            problem = "malformed login request";
            return false;
        }
        session.Console.WriteLine($"Received Login Request for Username: {_request.UserName}");
        session.LoginStreamId = msg.StreamId;

        bool roundTrip = _request.Attributes.SupportsRoundTripLatency;
        session.RoundTrip = roundTrip ? new RoundTripMonitor(Stopwatch.GetTimestamp()) : null;
        _refresh.StreamId = msg.StreamId;
        _refresh.UserName = _request.UserName;
        _refresh.UserNameType = _request.UserNameType;
        _refresh.State = RdmState.OpenOk("Login accepted by host ProvPerf");
        _refresh.Attributes.ApplicationId = _request.Attributes.ApplicationId ?? "256";
        _refresh.Attributes.ApplicationName = "ProvPerf";
        _refresh.Attributes.Position = _request.Attributes.Position;
        _refresh.Attributes.SetNumber(LoginElement.RoundTripLatency, roundTrip ? LoginElements.RoundTripLatencySupported : null);

        Span<byte> space = session.Sink.Reserve(MaxLoginMessage);
        if (space.IsEmpty)
        {
            problem = "no output buffer for the login refresh";
            return false;
        }
        var encoder = new RwfEncoder(space);
        if (_refresh.Encode(ref encoder) != CodecReturnCode.Success)
        {
            session.Sink.Cancel();
            problem = "login refresh could not be encoded";
            return false;
        }
        return session.Sink.Send(encoder.Position) || Failed("write failed", out problem);
    }

    // The consumer returned our RTT message: the round trip is now minus the ticks we sent (nanoseconds).
    private void OnRoundTripReturned(ProviderSession session, scoped in Msg msg)
    {
        var rtt = default(LoginRtt);
        if (rtt.Decode(msg) != CodecReturnCode.Success || session.RoundTrip is not { } monitor)
            return;
        long sentMicros = (long)(rtt.Ticks / 1000);
        long nowMicros = PerfTimestamp.NowNanoseconds() / 1000;
        monitor.LastRoundTripMicros = nowMicros - sentMicros;
        _stats.RoundTrips.TryEnqueue(sentMicros, nowMicros);
    }

    private static bool Failed(string why, out string? problem)
    {
        problem = why;
        return false;
    }
}
