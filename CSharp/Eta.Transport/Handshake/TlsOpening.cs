namespace Eta.Transport.Handshake;

/// <summary>
/// Recognises a client that opens a plain server's connection with TLS (an encrypted connection type pointed at a
/// socket server). Its ClientHello record starts 0x16 0x03 0x0N, which as a RIPC header declares a 5,6xx-byte frame,
/// far longer than any ConnectReq: the server would wait for the rest until its initialization timeout while the
/// client waits for a ServerHello. The server fails the channel at once with the reason instead.
/// The other way round, an encrypted server whose TLS handshake failed names a client that did not open with TLS
/// (a plain ConnectReq, text), which TLS itself reports only as a corrupted frame.
/// </summary>
internal static class TlsOpening
{
    private const byte HandshakeRecord = 0x16, VersionMajor = 0x03, HighestVersionMinor = 0x04;

    /// <summary>The explanation on the server's side.</summary>
    public const string Reason =
        "the client opened with a TLS ClientHello, but this server is not encrypted (connect with a socket connection type, or run the server encrypted)";

    /// <summary>
    /// Why an encrypted server's TLS handshake failed when the client's first bytes, <paramref name="opening"/>, do not
    /// begin a TLS handshake record; null when they do (or are too few to tell), so that TLS's own reason stands.
    /// </summary>
    public static string? NotTls(ReadOnlySpan<byte> opening)
    {
        if (opening.Length < 3 || IsClientHello(opening))
            return null;
        string what = Ripc.ConnectRequest.HasShape(opening)
            ? "a RIPC ConnectReq: it connected unencrypted (a socket connection type) to this encrypted server"
            : $"not a TLS record ({OpeningBytes.Describe(opening)}); this server is encrypted";
        return $"the client did not open with TLS: its first bytes are {what}";
    }

    /// <summary>True when <paramref name="start"/> begins a TLS handshake record (three bytes decide).</summary>
    public static bool IsClientHello(ReadOnlySpan<byte> start) =>
        start.Length >= 3 && start[0] == HandshakeRecord && start[1] == VersionMajor && start[2] <= HighestVersionMinor;
}
