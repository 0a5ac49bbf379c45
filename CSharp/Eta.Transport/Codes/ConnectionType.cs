namespace Eta.Transport;

/// <summary>How a channel reaches its peer, LSEG's values.</summary>
public enum ConnectionType
{
    /// <summary>Plain TCP.</summary>
    Socket = 0,
    /// <summary>TLS over TCP.</summary>
    Encrypted = 1,
}
