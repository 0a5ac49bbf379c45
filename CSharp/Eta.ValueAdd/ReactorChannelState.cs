namespace Eta.ValueAdd;

/// <summary>Where a <see cref="ReactorChannel"/> is in its life.</summary>
public enum ReactorChannelState
{
    /// <summary>The transport handshake (RIPC) is under way.</summary>
    Initializing,

    /// <summary>The transport is up; the role's administrative handshake (login, directory, dictionary) is running.</summary>
    Up,

    /// <summary>The role's handshake is complete: item traffic may flow.</summary>
    Ready,

    /// <summary>The connection was lost; the reactor reconnects after a delay.</summary>
    DownReconnecting,

    /// <summary>The connection is lost for good (no reconnection, or the attempt limit is used up); the reactor dropped the channel.</summary>
    Down,
}
