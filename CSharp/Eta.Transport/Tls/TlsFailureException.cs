using System.Net.Sockets;

namespace Eta.Transport.Tls;

/// <summary>
/// A TLS failure on an active channel (a record that fails its check, an alert from the peer), raised where the
/// channel expects socket errors. Its message is TLS's reason, which the channel's error shows instead of taking the
/// aborted connection for a reset by the peer.
/// </summary>
internal sealed class TlsFailureException(string reason)
    : SocketException((int)SocketError.ConnectionAborted, "TLS error: " + reason);
