using System.Buffers.Binary;

namespace Eta.Transport.Ripc;

/// <summary>
/// Second handshake leg, server to client, refusing the connection:
/// <code>
///  0 UInt16 message length   3 UInt8 ext (0x02 nak)   5 UInt8 0                   8 text (NUL-terminated)
///  2 UInt8  flags (0x01)     4 UInt8 header length    6 UInt16 text length
/// </code>
/// </summary>
internal static class ConnectNak
{
    public const int HeaderLength = 8;
    public const string RefusedText = "Connection refused.";

    public static int Encode(Span<byte> destination)
    {
        var w = new WireWriter(destination);
        int textLength = RefusedText.Length + 1;
        w.UInt16(HeaderLength + textLength);
        w.UInt8(RipcFlags.HasExtendedFlags);
        w.UInt8(RipcExtendedFlags.ConnectNak);
        w.UInt8(HeaderLength);
        w.UInt8(0);
        w.UInt16(textLength);
        System.Text.Encoding.ASCII.GetBytes(RefusedText, destination[w.Position..]);
        destination[w.Position + RefusedText.Length] = 0;
        return HeaderLength + textLength;
    }

    /// <summary>The refusal text of a ConnectNak, trimmed at a NUL; a placeholder when malformed.</summary>
    public static string DecodeText(ReadOnlySpan<byte> message)
    {
        if (message.Length < HeaderLength)
            return "(truncated ConnectNak)";
        int textLength = BinaryPrimitives.ReadUInt16BigEndian(message[6..]);
        ReadOnlySpan<byte> text = message[HeaderLength..];
        if (textLength < text.Length)
            text = text[..textLength];
        int nul = text.IndexOf((byte)0);
        if (nul >= 0)
            text = text[..nul];
        return System.Text.Encoding.ASCII.GetString(text);
    }
}
