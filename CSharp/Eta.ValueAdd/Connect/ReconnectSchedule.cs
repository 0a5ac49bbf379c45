namespace Eta.ValueAdd;

/// <summary>Attempt count and back-off of one client channel: min delay, doubling to max, reset when a connection comes up.</summary>
internal sealed class ReconnectSchedule
{
    private readonly ReactorConnectOptions _options;
    private int _delayMs;

    public ReconnectSchedule(ReactorConnectOptions options)
    {
        _options = options;
        _delayMs = options.ReconnectMinDelayMs;
    }

    public int Attempts { get; private set; }

    /// <summary>When the next attempt is due (Environment.TickCount64 milliseconds).</summary>
    public long NextAttemptAt { get; private set; }

    public bool CanRetry => _options.ReconnectAttemptLimit == -1 || Attempts < _options.ReconnectAttemptLimit;

    /// <summary>Schedules the next attempt and counts it.</summary>
    public void ScheduleNext(long now)
    {
        Attempts++;
        NextAttemptAt = now + _delayMs;
        _delayMs = (int)Math.Min((long)_delayMs * 2, _options.ReconnectMaxDelayMs);
    }

    public void Reset()
    {
        Attempts = 0;
        _delayMs = _options.ReconnectMinDelayMs;
    }
}
