using System.Text;

namespace Eta.Codec.Rdm;

/// <summary>
/// Text of admin messages (names, attributes) to and from wire bytes, as UTF-8: ASCII text (all the RDM itself names)
/// is unchanged, and anything else goes through as LSEG's C tools send it (the bytes they were given), where an ASCII
/// encoding would turn each such character into '?'.
/// </summary>
internal static class RdmText
{
    /// <summary>Largest text written through a stack buffer; longer text is rare and gets a heap buffer.</summary>
    public const int MaxStackBytes = 256;

    public static int ByteCount(string? text) => string.IsNullOrEmpty(text) ? 0 : Encoding.UTF8.GetByteCount(text);

    /// <summary>Writes <paramref name="text"/> into <paramref name="buffer"/> (sized by <see cref="ByteCount"/>).</summary>
    public static ReadOnlySpan<byte> ToBytes(string? text, Span<byte> buffer) =>
        string.IsNullOrEmpty(text) ? default : buffer[..Encoding.UTF8.GetBytes(text, buffer)];

    /// <summary>
    /// The UTF-8 bytes of <paramref name="text"/> as a new array: for members of a message header, which must
    /// outlive the encode call's stack frame (admin messages are rare, so the allocation does not matter).
    /// </summary>
    public static byte[] ToArray(string? text) => string.IsNullOrEmpty(text) ? [] : Encoding.UTF8.GetBytes(text);

    public static string FromBytes(ReadOnlySpan<byte> bytes) => Encoding.UTF8.GetString(bytes);
}
