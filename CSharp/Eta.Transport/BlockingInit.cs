namespace Eta.Transport;

/// <summary>Runs a channel's handshake to the end for blocking connect/accept, waiting on its socket.</summary>
internal static class BlockingInit
{
    private const int PollMicroseconds = 10_000;

    public static TransportReturnCode Run(Channel channel, int timeoutSeconds)
    {
        long deadline = Environment.TickCount64 + timeoutSeconds * 1000L;
        var info = new InProgressInfo();
        while (true)
        {
            TransportReturnCode result = channel.Init(info);
            if (result != TransportReturnCode.ChanInitInProgress)
                return result;
            if (Environment.TickCount64 > deadline)
                return TransportReturnCode.Failure; // Init reports the timeout on its next call
            channel.Socket.Poll(PollMicroseconds, System.Net.Sockets.SelectMode.SelectRead);
        }
    }
}
