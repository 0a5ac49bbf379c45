namespace Eta.Transport;

/// <summary>What happened during an in-progress <see cref="Channel.Init"/> call.</summary>
[Flags]
public enum InProgressFlags
{
    None = 0,
    /// <summary>The channel reconnected on a new socket (RIPC version fallback): swap
    /// <see cref="InProgressInfo.OldSocket"/> for <see cref="Channel.Socket"/> in your readiness set.</summary>
    SocketChanged = 1,
}
