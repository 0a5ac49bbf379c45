namespace Eta.Transport;

/// <summary>Channel lifecycle states, LSEG's values.</summary>
public enum ChannelState
{
    /// <summary>Closed by the peer, by an error or by a timeout; call <see cref="Channel.Close"/>.</summary>
    Closed = -1,
    /// <summary>Not connected (or closed by the user).</summary>
    Inactive = 0,
    /// <summary>Connected, the RIPC handshake is running; call <see cref="Channel.Init"/>.</summary>
    Initializing = 1,
    /// <summary>Handshake done: read and write.</summary>
    Active = 2,
}
