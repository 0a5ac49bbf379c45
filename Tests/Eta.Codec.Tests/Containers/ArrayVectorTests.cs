using Eta.Codec.Tests.Core;
using Xunit;

namespace Eta.Codec.Tests.Containers;

/// <summary>LSEG's array vectors (008-014, 016), encoded byte for byte and decoded back.</summary>
public class ArrayVectorTests
{
    private readonly byte[] _buffer = new byte[1024];

    [Fact]
    public void FixedLengthAscii_008()
    {
        var enc = new RwfEncoder(_buffer);
        Assert.Equal(CodecReturnCode.Success, enc.ArrayInit(DataTypes.AsciiString, 10));
        foreach (string item in new[] { "Presidente", "VicePresid", "aSecretary" })
            Assert.Equal(CodecReturnCode.Success, enc.ArrayEntry(System.Text.Encoding.ASCII.GetBytes(item)));
        Assert.Equal(CodecReturnCode.Success, enc.ArrayComplete(true));
        Assert.Equal(GoldenVector.Load("008_array_entries_ascii.txt"), enc.Written.ToArray());
        Assert.Equal(["Presidente", "VicePresid", "aSecretary"], DecodeItems(enc.Written, DataTypes.AsciiString, 10));
    }

    [Fact]
    public void FixedLengthUInt_009()
    {
        var enc = new RwfEncoder(_buffer);
        enc.ArrayInit(DataTypes.UInt, 2);
        foreach (ulong value in new ulong[] { 0, 255, 65535 })
            Assert.Equal(CodecReturnCode.Success, enc.ArrayEntry(new UInt(value)));
        enc.ArrayComplete(true);
        Assert.Equal(GoldenVector.Load("009_array_entries_uint.txt"), enc.Written.ToArray());
        Assert.Equal(["0", "255", "65535"], DecodeItems(enc.Written, DataTypes.UInt, 2));
    }

    [Fact]
    public void UIntTooWideForFixedLength_IsRejected_AndNotWritten()
    {
        var enc = new RwfEncoder(_buffer);
        enc.ArrayInit(DataTypes.UInt, 2);
        int before = enc.Position;
        Assert.Equal(CodecReturnCode.ValueOutOfRange, enc.ArrayEntry(new UInt(65536)));
        Assert.Equal(before, enc.Position);
    }

    [Fact]
    public void FixedLengthBuffer_010()
    {
        var enc = new RwfEncoder(_buffer);
        enc.ArrayInit(DataTypes.Buffer, 5);
        enc.ArrayEntry("abcde"u8);
        enc.ArrayEntry("01234"u8);
        enc.ArrayEntry("ABCDE"u8);
        enc.ArrayComplete(true);
        Assert.Equal(GoldenVector.Load("010_array_entries_encData_len2.txt"), enc.Written.ToArray());
        Assert.Equal(["abcde", "01234", "ABCDE"], DecodeItems(enc.Written, DataTypes.Buffer, 5));
    }

    [Fact]
    public void VariableLengthBuffer_011()
    {
        var enc = new RwfEncoder(_buffer);
        enc.ArrayInit(DataTypes.Buffer);
        enc.ArrayEntry("abcde"u8);
        enc.ArrayEntry("0123456789"u8);
        enc.ArrayEntry("ABCDEFG"u8);
        enc.ArrayComplete(true);
        Assert.Equal(GoldenVector.Load("011_array_entries_encData_len0.txt"), enc.Written.ToArray());
        Assert.Equal(["abcde", "0123456789", "ABCDEFG"], DecodeItems(enc.Written, DataTypes.Buffer, 0));
    }

    [Theory]
    [InlineData(4, "012_array_entry_blankEncData_len4.txt")]
    [InlineData(0, "013_array_entry_blankEncData_len0.txt")]
    public void BlankBuffers_012_013(int itemLength, string file)
    {
        var enc = new RwfEncoder(_buffer);
        enc.ArrayInit(DataTypes.Buffer, itemLength);
        for (int i = 0; i < 3; i++)
            Assert.Equal(CodecReturnCode.Success, enc.ArrayEntryBlank());
        enc.ArrayComplete(true);
        Assert.Equal(GoldenVector.Load(file), enc.Written.ToArray());
        Assert.Equal(3, DecodeItems(enc.Written, DataTypes.Buffer, itemLength).Count);
    }

    [Fact]
    public void VariableLengthInt_014()
    {
        long[] values = [0, -1, 127, -128, 128, 32767, -32768, 32768, 8388607, -8388608, 8388608, 2147483647, -2147483648];
        var enc = new RwfEncoder(_buffer);
        enc.ArrayInit(DataTypes.Int);
        foreach (long value in values)
            Assert.Equal(CodecReturnCode.Success, enc.ArrayEntry(new Int(value)));
        enc.ArrayComplete(true);
        Assert.Equal(GoldenVector.Load("014_encodePrimitive_int_len0.txt"), enc.Written.ToArray());
        Assert.Equal(values.Select(v => v.ToString()).ToList(), DecodeItems(enc.Written, DataTypes.Int, 0));
    }

    [Fact]
    public void VariableLengthUInt_016()
    {
        var enc = new RwfEncoder(_buffer);
        enc.ArrayInit(DataTypes.UInt);
        foreach (ulong value in new ulong[] { 0, 255, 65535 })
            enc.ArrayEntry(new UInt(value));
        enc.ArrayComplete(true);
        Assert.Equal(GoldenVector.Load("016_array_entries_ls_uint.txt"), enc.Written.ToArray());
        Assert.Equal(["0", "255", "65535"], DecodeItems(enc.Written, DataTypes.UInt, 0));
    }

    [Fact]
    public void FixedLengthIntAndTime_RoundTrip()
    {
        var enc = new RwfEncoder(_buffer);
        enc.ArrayInit(DataTypes.Int, 4);
        enc.ArrayEntry(new Int(-2));
        enc.ArrayEntry(new Int(70000));
        enc.ArrayComplete(true);
        Assert.Equal(["-2", "70000"], DecodeItems(enc.Written, DataTypes.Int, 4));

        enc = new RwfEncoder(_buffer);
        enc.ArrayInit(DataTypes.Time, 3);
        Assert.Equal(CodecReturnCode.Success, enc.ArrayEntry(new Time(10, 11, 12)));
        enc.ArrayComplete(true);
        Assert.Equal(new byte[] { 10, 3, 0, 1, 10, 11, 12 }, enc.Written.ToArray());
    }

    private static List<string> DecodeItems(ReadOnlySpan<byte> encoded, int type, int itemLength)
    {
        Assert.Equal(CodecReturnCode.Success, ArrayDecoder.Decode(encoded, out ArrayDecoder array));
        Assert.Equal(type, array.PrimitiveType);
        Assert.Equal(itemLength, array.ItemLength);
        var items = new List<string>();
        CodecReturnCode rc;
        while ((rc = array.Next(out ReadOnlySpan<byte> item)) == CodecReturnCode.Success)
        {
            items.Add(type switch
            {
                DataTypes.Int => (Int.Decode(item, out Int i), i).i.ToString(),
                DataTypes.UInt => (UInt.Decode(item, out UInt u), u).u.ToString(),
                _ => System.Text.Encoding.ASCII.GetString(item),
            });
        }
        Assert.Equal(CodecReturnCode.EndOfContainer, rc);
        Assert.Equal(array.Count, items.Count);
        return items;
    }
}
