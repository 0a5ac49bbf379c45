using PerfTools.ConsPerf.Run;

namespace PerfTools.ConsPerf.Session;

/// <summary>What the <see cref="MessageReceiver"/> reports to (and asks of) its session.</summary>
internal interface IReceiverEvents
{
    string ServiceName { get; }

    int LoginStream { get; }

    int DirectoryStream { get; }

    void OnLoginAccepted();

    void OnServiceReady(int serviceId);

    /// <summary>Sends a received message back unchanged (round trip latency probes).</summary>
    void Reflect(ReadOnlySpan<byte> message);

    void Fail(RunOutcomeKind kind, string reason);
}
