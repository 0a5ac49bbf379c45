namespace PerfTools.Common.Timing;

/// <summary>
/// When a provider thread (ProvPerf, NIProvPerf) sends refreshes (guide §5.3, §6.3: in the spare time of a tick). Beyond the guide: a thread that is
/// behind its ticks (the update bursts take the whole tick, so there is never spare time) still sends one refresh
/// burst per tick, so images keep arriving (-refreshBurstSize per connection per tick) instead of never; the updates
/// then show the overload as latency rather than as consumers that time out waiting for images.
/// </summary>
public struct RefreshTurn
{
    private bool _sentThisTick;

    /// <summary>A tick began.</summary>
    public void NewTick() => _sentThisTick = false;

    /// <summary>Whether to send a refresh burst now, with <paramref name="untilNextTick"/> left before the next tick.</summary>
    public readonly bool IsDue(TimeSpan untilNextTick) => untilNextTick > TimeSpan.Zero || !_sentThisTick;

    /// <summary>A refresh burst was sent (or tried) in this tick.</summary>
    public void Taken() => _sentThisTick = true;
}
