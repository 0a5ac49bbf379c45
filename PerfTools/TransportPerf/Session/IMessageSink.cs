namespace PerfTools.TransportPerf.Session;

/// <summary>Receives each message read from a channel; the span is valid only during the call.</summary>
internal interface IMessageSink
{
    void OnMessage(ReadOnlySpan<byte> message);
}
