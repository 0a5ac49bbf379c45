namespace Eta.Transport.Handshake;

/// <summary>Result of driving a handshake one step.</summary>
internal enum HandshakeStep
{
    /// <summary>Waiting for the socket; call again.</summary>
    InProgress,
    /// <summary>The session is negotiated; the channel becomes active.</summary>
    Done,
    /// <summary>Failed; the error says why, the channel closes.</summary>
    Failed,
}
