namespace PerfTools.ConsPerf.Options;

/// <summary>The <c>-connType</c> values ConsPerf supports (Table 2).</summary>
public enum ConnectionKind
{
    Socket,
    Encrypted,
    /// <summary>WebSocket (LSEG C ConsPerf's <c>-connType websocket</c>); also inside TLS with <c>-encryptedConnType websocket</c>.</summary>
    WebSocket,
}
