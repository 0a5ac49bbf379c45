namespace PerfTools.TransportPerf.Options;

/// <summary>-connType values (mapped onto the transport's ConnectionType by the session classes).</summary>
public enum ConnectionChoice
{
    Socket,
    Encrypted,
    /// <summary>WebSocket (LSEG C TransportPerf's <c>-connType websocket</c>, a client's only: a server takes upgrades on its port with <c>-pl</c>).</summary>
    WebSocket,
}
