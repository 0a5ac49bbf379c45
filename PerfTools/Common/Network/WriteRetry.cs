using Eta.Transport;

namespace PerfTools.Common.Network;

/// <summary>
/// The single write/flush contract of the tools: a write that returns <c>WriteCallAgain</c> (fragmenting ran out
/// of pool buffers) is flushed and retried at most <see cref="MaxRetries"/> times, then handed back as
/// <see cref="WriteOutcome.CallAgain"/>; a retry loop never spins for ever on a peer that stopped reading.
/// </summary>
public static class WriteRetry
{
    /// <summary>Flush-and-retry rounds of one write. Each flush that frees no buffer makes the next one unlikely to.</summary>
    public const int MaxRetries = 16;

    public static WriteOutcome Write(IChannelPort port, TransportBuffer buffer, WriteArgs args)
    {
        TransportReturnCode rc = port.Write(buffer, args);
        for (int retry = 0; rc == TransportReturnCode.WriteCallAgain && retry < MaxRetries; retry++)
        {
            if (port.Flush() < TransportReturnCode.Success)
                return WriteOutcome.Failed;
            rc = port.Write(buffer, args);
        }
        return Classify(rc);
    }

    public static WriteOutcome Flush(IChannelPort port) => Classify(port.Flush());

    /// <summary>A transport write's or flush's return code as the outcome the tools act on.</summary>
    public static WriteOutcome Classify(TransportReturnCode rc) => rc switch
    {
        TransportReturnCode.Success => WriteOutcome.Done,
        > TransportReturnCode.Success => WriteOutcome.Queued,
        TransportReturnCode.WriteCallAgain => WriteOutcome.CallAgain,
        _ => WriteOutcome.Failed,
    };
}
