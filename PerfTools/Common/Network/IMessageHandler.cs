namespace PerfTools.Common.Network;

/// <summary>
/// Inbound: takes each message the channel loop reads. (Outbound is <c>Provider.IMessageSink</c>: reserve and send.)
/// </summary>
public interface IMessageHandler
{
    /// <summary>
    /// Handles one message; the span is valid only during the call. False stops reading this channel for the
    /// slice (the handler found the channel must close, and says why through its own state).
    /// </summary>
    bool OnMessage(ReadOnlySpan<byte> message);
}
