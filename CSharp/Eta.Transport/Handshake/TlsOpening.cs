namespace Eta.Transport.Handshake;

/// <summary>
/// Recognises a client that opens a plain server's connection with TLS (an encrypted connection type pointed at a
/// socket server). Its ClientHello record starts 0x16 0x03 0x0N, which as a RIPC header declares a 5,6xx-byte frame,
/// far longer than any ConnectReq: the server would wait for the rest until its initialization timeout while the
/// client waits for a ServerHello. The server fails the channel at once with the reason instead.
/// </summary>
internal static class TlsOpening
{
    private const byte HandshakeRecord = 0x16, VersionMajor = 0x03, HighestVersionMinor = 0x04;

    /// <summary>The explanation on the server's side.</summary>
    public const string Reason =
        "the client opened with a TLS ClientHello, but this server is not encrypted (connect with a socket connection type, or run the server encrypted)";

    /// <summary>True when <paramref name="start"/> begins a TLS handshake record (three bytes decide).</summary>
    public static bool IsClientHello(ReadOnlySpan<byte> start) =>
        start.Length >= 3 && start[0] == HandshakeRecord && start[1] == VersionMajor && start[2] <= HighestVersionMinor;
}
