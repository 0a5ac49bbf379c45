using System.Buffers.Binary;
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
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CodecReturnCode ReadSigned(ReadOnlySpan<byte> data, out long value)
    {
        int length = data.Length;
        if ((uint)(length - 1) > 7)
        {
            value = 0;
            return CodecReturnCode.InvalidData;
        }
        // Two overlapping big-endian reads instead of a loop over the bytes (a value's length varies field to field,
        // so a loop mispredicts): the signed head, shifted into place, carries the sign; the tail ends at the last
        // byte, and the bytes the two share land on the same bits, so OR-ing them changes nothing.
        if (length >= 4)
        {
            long head = BinaryPrimitives.ReadInt32BigEndian(data);
            value = (head << ((length - 4) * 8)) | BinaryPrimitives.ReadUInt32BigEndian(data[(length - 4)..]);
        }
        else if (length >= 2)
        {
            long head = BinaryPrimitives.ReadInt16BigEndian(data);
            value = (head << ((length - 2) * 8)) | BinaryPrimitives.ReadUInt16BigEndian(data[(length - 2)..]);
        }
        else
        {
            value = (sbyte)data[0];
        }
        return CodecReturnCode.Success;
    }

    /// <summary>Reads 1..8 big-endian bytes as an unsigned value.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static CodecReturnCode ReadUnsigned(ReadOnlySpan<byte> data, out ulong value)
    {
        CodecReturnCode rc = ReadSigned(data, out long signed);
        // The signed read extended the first byte's top bit over the bits above the value's own: clear them.
        value = (ulong)signed & LowBits(data.Length * 8);
        return rc;
    }

    // The low 'bits' bits set (0..64).
    private static ulong LowBits(int bits) => bits >= 64 ? ulong.MaxValue : (1UL << bits) - 1;
}
