using System.Numerics;
using System.Runtime.CompilerServices;

namespace Eta.Codec;

/// <summary>
/// RWF's trimmed integers: a signed value uses the fewest two's-complement bytes that keep its sign
/// (0 -> 00, 128 -> 00 80, -1 -> FF); an unsigned value the fewest bytes (255 -> FF), never zero bytes.
/// </summary>
internal static class IntegerBytes
{
    public static int SignedLength(long value)
    {
        // Significant bits of the magnitude (ones' complement for negatives) plus the sign bit.
        int bits = 65 - BitOperations.LeadingZeroCount((ulong)(value ^ (value >> 63)));
        return (bits + 7) >> 3;
    }

    public static int UnsignedLength(ulong value) => (64 - BitOperations.LeadingZeroCount(value | 1) + 7) >> 3;

    public static CodecReturnCode WriteSigned(ref RwfWriter writer, long value) =>
        writer.WriteUIntBytes((ulong)value, SignedLength(value));

    public static CodecReturnCode WriteUnsigned(ref RwfWriter writer, ulong value) =>
        writer.WriteUIntBytes(value, UnsignedLength(value));

    /// <summary>Reads 1..8 big-endian bytes, sign-extending from the first.</summary>
    public static CodecReturnCode ReadSigned(ReadOnlySpan<byte> data, out long value)
    {
        value = 0;
        if (data.Length is 0 or > 8)
            return CodecReturnCode.InvalidData;
        long v = (sbyte)data[0];
        for (int i = 1; i < data.Length; i++)
            v = (v << 8) | data[i];
        value = v;
        return CodecReturnCode.Success;
    }

    /// <summary>Reads 1..8 big-endian bytes as an unsigned value.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CodecReturnCode ReadUnsigned(ReadOnlySpan<byte> data, out ulong value)
    {
        value = 0;
        if (data.Length is 0 or > 8)
            return CodecReturnCode.InvalidData;
        ulong v = 0;
        foreach (byte b in data)
            v = (v << 8) | b;
        value = v;
        return CodecReturnCode.Success;
    }
}
