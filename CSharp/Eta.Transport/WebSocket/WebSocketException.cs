namespace Eta.Transport.WebSocket;

/// <summary>
/// The WebSocket connection ended: the peer sent a Close frame, or broke RFC 6455 and we closed it with a Close
/// frame of our own. The message says which, with the close code; the channel turns it into its error.
/// </summary>
internal sealed class WebSocketException(string message) : IOException(message);

/// <summary>RFC 6455 section 7.4.1 status codes we send or name.</summary>
internal static class CloseCode
{
    public const ushort Normal = 1000;
    public const ushort GoingAway = 1001;
    public const ushort ProtocolError = 1002;
    public const ushort UnsupportedData = 1003;
    public const ushort InvalidPayload = 1007;
    public const ushort PolicyViolation = 1008;
    public const ushort TooBig = 1009;

    public static string Describe(int code) => code switch
    {
        1000 => "normal closure",
        1001 => "going away",
        1002 => "protocol error",
        1003 => "unsupported data",
        1005 => "no status code",
        1007 => "invalid payload data",
        1008 => "policy violation",
        1009 => "message too big",
        1010 => "mandatory extension",
        1011 => "internal error",
        _ => "unknown code",
    };
}
