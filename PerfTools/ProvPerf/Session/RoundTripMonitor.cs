using System.Diagnostics;

namespace PerfTools.ProvPerf.Session;

/// <summary>
/// Round trip latency monitoring on one connection (guide §2.4.5, §3.3): when the consumer's login asks for it,
/// the provider sends an RTT generic message on the login stream every <see cref="Interval"/>, stamped with its
/// clock; the consumer returns it unchanged and the difference to the clock on return is the round trip.
/// </summary>
internal sealed class RoundTripMonitor
{
    /// <summary>How often an RTT message goes out (not affected by -tickRate).</summary>
    public static readonly TimeSpan Interval = TimeSpan.FromSeconds(5);

    private readonly long _intervalTicks = (long)(Interval.TotalSeconds * Stopwatch.Frequency);
    private long _nextSend;

    /// <summary>Starts monitoring at <paramref name="now"/> (Stopwatch ticks): the first RTT message goes out at once.</summary>
    public RoundTripMonitor(long now) => _nextSend = now;

    /// <summary>The last round trip measured (microseconds), sent back to the consumer in the next RTT message; 0 before the first.</summary>
    public long LastRoundTripMicros { get; set; }

    /// <summary>True when an RTT message is due at <paramref name="now"/> (Stopwatch ticks); schedules the next one.</summary>
    public bool IsDue(long now)
    {
        if (now < _nextSend)
            return false;
        _nextSend = now + _intervalTicks;
        return true;
    }
}
