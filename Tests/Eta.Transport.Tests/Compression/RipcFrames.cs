using System.Buffers.Binary;

namespace Eta.Transport.Tests.Compression;

/// <summary>One RIPC data message as the vectors show it (RIPC 14: two-byte fragment ids).</summary>
internal readonly record struct RipcFrame(byte Flags, byte OpCode, int FragmentTotalLength, byte[] Payload)
{
    public const byte HasOptionalFlags = 0x01;
    public const byte Compressed = 0x04;
    public const byte CompressedFragment = 0x08;
    public const byte FragmentHeaderOp = 0x08;
    public const byte FragmentOp = 0x04;

    public bool IsCompressed => (Flags & Compressed) != 0;
    public bool ContinuesInNextFrame => (Flags & CompressedFragment) != 0;
    public bool StartsFragmentedMessage => (Flags & HasOptionalFlags) != 0 && (OpCode & FragmentHeaderOp) != 0;
    public bool ContinuesFragmentedMessage => (Flags & HasOptionalFlags) != 0 && (OpCode & FragmentOp) != 0;

    /// <summary>Splits a received byte sequence into frames (test helper, trusts the vector).</summary>
    public static List<RipcFrame> Split(ReadOnlySpan<byte> bytes)
    {
        var frames = new List<RipcFrame>();
        while (!bytes.IsEmpty)
        {
            int length = BinaryPrimitives.ReadUInt16BigEndian(bytes);
            byte flags = bytes[2];
            byte opCode = 0;
            int totalLength = 0;
            int headerLength = 3;
            if ((flags & HasOptionalFlags) != 0)
            {
                opCode = bytes[3];
                headerLength = 4;
                if ((opCode & FragmentHeaderOp) != 0)
                {
                    totalLength = BinaryPrimitives.ReadInt32BigEndian(bytes[4..]);
                    headerLength += 6;
                }
                else if ((opCode & FragmentOp) != 0)
                {
                    headerLength += 2;
                }
            }
            frames.Add(new RipcFrame(flags, opCode, totalLength, bytes[headerLength..length].ToArray()));
            bytes = bytes[length..];
        }
        return frames;
    }
}
