using System.Buffers.Binary;
using System.Numerics;
using System.Runtime.InteropServices;

namespace Eta.Transport.WebSocket;

/// <summary>RFC 6455 section 5.3: payload byte i is XORed with key byte (i mod 4), the key in wire (big-endian) order.</summary>
internal static class Masking
{
    /// <summary>
    /// Masks (or unmasks: the same operation) <paramref name="data"/> in place, starting at key position
    /// <paramref name="offset"/> (bytes of the same payload already done); returns the position after it.
    /// </summary>
    public static int Apply(Span<byte> data, uint key, int offset)
    {
        offset &= 3;
        if (data.IsEmpty)
            return offset;
        // The key rotated so that its first wire byte lines up with data[0], as a little-endian word.
        uint wire = BinaryPrimitives.ReverseEndianness(key);
        uint rotated = BitOperations.RotateRight(wire, offset * 8);
        ulong key64 = rotated | ((ulong)rotated << 32);
        int i = 0;
        Span<ulong> words = MemoryMarshal.Cast<byte, ulong>(data);
        if (BitConverter.IsLittleEndian)
        {
            for (; i < words.Length; i++)
                words[i] ^= key64;
            i *= 8;
        }
        for (; i < data.Length; i++)
            data[i] ^= (byte)(rotated >> (8 * (i & 3)));
        return (offset + data.Length) & 3;
    }
}
