using Eta.Transport;

namespace PerfTools.Common.Network;

/// <summary>
/// Reads one channel in bounded slices and knows, from the transport's return codes, whether input is still
/// buffered. It never reads when nothing is: after a read that left nothing buffered (<c>Success</c>,
/// <c>ReadWouldBlock</c>, <c>ReadPing</c>) the next read waits for the socket to be readable, so no slice ends
/// with a <c>recv</c> that can only say EAGAIN. One thread reads a channel; allocates nothing.
/// </summary>
public sealed class ChannelReader
{
    private readonly IChannelPort _port;
    private readonly IMessageHandler _handler;

    public ChannelReader(IChannelPort port, IMessageHandler handler)
    {
        _port = port;
        _handler = handler;
    }

    public IChannelPort Port => _port;

    /// <summary>
    /// Input the transport already holds that socket readiness will not show: read without waiting. True before the
    /// first read, since the handshake may have read the peer's first messages along with its own last frame.
    /// </summary>
    public bool HasBufferedInput { get; private set; } = true;

    /// <summary>The outcome of the last slice.</summary>
    public ReadSliceOutcome LastOutcome { get; private set; } = ReadSliceOutcome.Drained;

    /// <summary>
    /// Reads at most <paramref name="maxMessages"/> transport units (messages, and consumed fragments or pings),
    /// handing each message to the handler. Call when the socket is readable or <see cref="HasBufferedInput"/>.
    /// </summary>
    public ReadSliceOutcome ReadSlice(int maxMessages)
    {
        for (int i = 0; i < maxMessages; i++)
        {
            TransportReturnCode rc = _port.Read(out ReadOnlySpan<byte> message, out bool received);
            // >0: more is buffered; ReadFdChange: the socket was replaced, what it holds is not yet known.
            HasBufferedInput = rc > TransportReturnCode.Success || rc == TransportReturnCode.ReadFdChange;
            if (received && !_handler.OnMessage(message))
                return LastOutcome = ReadSliceOutcome.Stopped;
            if (HasBufferedInput)
                continue;
            if (rc is TransportReturnCode.Success or TransportReturnCode.ReadWouldBlock or TransportReturnCode.ReadPing
                or TransportReturnCode.ReadInProgress)
                return LastOutcome = ReadSliceOutcome.Drained;
            return LastOutcome = ReadSliceOutcome.Failed;
        }
        return LastOutcome = HasBufferedInput ? ReadSliceOutcome.MoreBuffered : ReadSliceOutcome.Drained;
    }
}
