namespace Eta.Transport.Benchmarks;

/// <summary>
/// What each run sends (messages of one size, one per buffer or packed to fill a fragment) and the system
/// socket buffer size both sides use (0: the transport's default, 65535, as the guide's tools use it).
/// </summary>
internal sealed record Workload(int MessageSize, bool Packed, int SocketBufferSize = 0)
{
    public const int FragmentSize = 6144;

    /// <summary>The SO_SNDBUF/SO_RCVBUF value the transport applies for <see cref="SocketBufferSize"/>.</summary>
    public int EffectiveSocketBufferSize => SocketBufferSize > 0 ? SocketBufferSize : 65535;

    /// <summary>Messages per written buffer: 1, or as many as fit a packed fragment (2-byte length each).</summary>
    public int MessagesPerBuffer => Packed ? FragmentSize / (MessageSize + 2) : 1;
}

/// <summary>
/// Outcome of one timed run, with the CPU time (user and system, from the thread CPU clock) of the writing and the
/// reading thread: on a shared machine the CPU per message holds steady where messages per second do not.
/// </summary>
internal readonly record struct RunResult(long Messages, double Seconds, long AllocatedBytes, long WriterCpuNs = 0, long ReaderCpuNs = 0)
{
    public double MessagesPerSecond => Messages / Seconds;

    public double WriterCpuPerMessage => Messages == 0 ? 0 : (double)WriterCpuNs / Messages;

    public double ReaderCpuPerMessage => Messages == 0 ? 0 : (double)ReaderCpuNs / Messages;

    public double AllocatedBytesPerMessage => Messages == 0 ? 0 : (double)AllocatedBytes / Messages;

    /// <summary>The faster of two runs, carrying the higher allocation rate of the two (it must be zero in every run).</summary>
    public static RunResult Best(RunResult a, RunResult b)
    {
        RunResult faster = a.Seconds == 0 || b.MessagesPerSecond > a.MessagesPerSecond ? b : a;
        double worstRate = Math.Max(a.AllocatedBytesPerMessage, b.AllocatedBytesPerMessage);
        return faster with { AllocatedBytes = (long)Math.Ceiling(worstRate * faster.Messages) };
    }
}
