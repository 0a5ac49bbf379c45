using System.Text;

namespace Eta.Codec.Rdm;

/// <summary>ASCII text of admin messages (names, attributes) to and from wire bytes.</summary>
internal static class RdmText
{
    /// <summary>Largest text written through a stack buffer; longer text is rare and gets a heap buffer.</summary>
    public const int MaxStackBytes = 256;

    public static int ByteCount(string? text) => string.IsNullOrEmpty(text) ? 0 : Encoding.ASCII.GetByteCount(text);

    /// <summary>Writes <paramref name="text"/> into <paramref name="buffer"/> (sized by <see cref="ByteCount"/>).</summary>
    public static ReadOnlySpan<byte> ToBytes(string? text, Span<byte> buffer) =>
        string.IsNullOrEmpty(text) ? default : buffer[..Encoding.ASCII.GetBytes(text, buffer)];

    /// <summary>
    /// The ASCII bytes of <paramref name="text"/> as a new array: for members of a message header, which must
    /// outlive the encode call's stack frame (admin messages are rare, so the allocation does not matter).
    /// </summary>
    public static byte[] ToArray(string? text) => string.IsNullOrEmpty(text) ? [] : Encoding.ASCII.GetBytes(text);

    public static string FromBytes(ReadOnlySpan<byte> bytes) => Encoding.ASCII.GetString(bytes);
}
