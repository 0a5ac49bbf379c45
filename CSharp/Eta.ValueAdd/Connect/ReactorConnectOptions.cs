using Eta.Transport;

namespace Eta.ValueAdd;

/// <summary>
/// How a consumer or NI provider channel connects and reconnects (LSEG's <c>ReactorConnectOptions</c>: reconnect
/// attempt limit and min/max delay). After a loss the reactor waits <see cref="ReconnectMinDelayMs"/>, then doubles
/// the wait after each failed attempt up to <see cref="ReconnectMaxDelayMs"/>; the count and the wait start again
/// once a connection comes up.
/// </summary>
public sealed record ReactorConnectOptions
{
    public required ConnectOptions Connect { get; init; }

    /// <summary>Reconnect attempts after a loss: 0 = none (the default, as LSEG's), -1 = without limit.</summary>
    public int ReconnectAttemptLimit { get; init; }

    public int ReconnectMinDelayMs { get; init; } = 1000;

    public int ReconnectMaxDelayMs { get; init; } = 60000;

    /// <summary>Throws <see cref="ArgumentException"/> naming the bad value.</summary>
    public void Validate()
    {
        Connect.Validate();
        if (ReconnectAttemptLimit < -1)
            throw new ArgumentException($"ReconnectAttemptLimit {ReconnectAttemptLimit}: use -1 (no limit), 0 (none) or a positive count");
        if (ReconnectMinDelayMs <= 0)
            throw new ArgumentException($"ReconnectMinDelayMs {ReconnectMinDelayMs} must be positive");
        if (ReconnectMaxDelayMs < ReconnectMinDelayMs)
            throw new ArgumentException($"ReconnectMaxDelayMs {ReconnectMaxDelayMs} is below ReconnectMinDelayMs {ReconnectMinDelayMs}");
    }
}
