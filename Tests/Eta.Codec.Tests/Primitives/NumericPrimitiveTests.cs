using Xunit;

namespace Eta.Codec.Tests.Primitives;

public class NumericPrimitiveTests
{
    [Theory]
    [InlineData(0L, "00")]
    [InlineData(-1L, "FF")]
    [InlineData(127L, "7F")]
    [InlineData(128L, "0080")]
    [InlineData(-129L, "FF7F")]
    [InlineData(long.MaxValue, "7FFFFFFFFFFFFFFF")]
    [InlineData(long.MinValue, "8000000000000000")]
    public void Int_UsesFewestSignedBytes(long value, string hex)
    {
        var (decoded, rc, wire) = PrimitiveRoundTrip.Run(new Int(value));
        Assert.Equal(hex, Convert.ToHexString(wire));
        Assert.Equal(CodecReturnCode.Success, rc);
        Assert.Equal(value, decoded.Value);
    }

    [Theory]
    [InlineData(0UL, "00")]
    [InlineData(255UL, "FF")]
    [InlineData(256UL, "0100")]
    [InlineData(ulong.MaxValue, "FFFFFFFFFFFFFFFF")]
    public void UInt_UsesFewestBytes(ulong value, string hex)
    {
        var (decoded, rc, wire) = PrimitiveRoundTrip.Run(new UInt(value));
        Assert.Equal(hex, Convert.ToHexString(wire));
        Assert.Equal(CodecReturnCode.Success, rc);
        Assert.Equal(value, decoded.Value);
    }

    [Fact]
    public void Blanks_AreZeroBytes_AndDecodeAsBlank()
    {
        Assert.Equal(CodecReturnCode.BlankData, PrimitiveRoundTrip.Run(Int.Blank).Code);
        Assert.Equal(CodecReturnCode.BlankData, PrimitiveRoundTrip.Run(UInt.Blank).Code);
        Assert.Equal(CodecReturnCode.BlankData, PrimitiveRoundTrip.Run(Float.Blank).Code);
        Assert.Equal(CodecReturnCode.BlankData, PrimitiveRoundTrip.Run(RwfDouble.Blank).Code);
        Assert.Equal(CodecReturnCode.BlankData, PrimitiveRoundTrip.Run(RwfEnum.Blank).Code);
        Assert.Equal(CodecReturnCode.BlankData, PrimitiveRoundTrip.Run(Real.Blank).Code);
        Assert.Equal(CodecReturnCode.BlankData, PrimitiveRoundTrip.Run(Qos.Blank).Code);
        Assert.Empty(PrimitiveRoundTrip.Run(Real.Blank).Wire);
        Assert.True(PrimitiveRoundTrip.Run(Int.Blank).Value.IsBlank);
    }

    [Fact]
    public void FloatAndDouble_AreIeeeBigEndian()
    {
        var (f, _, fWire) = PrimitiveRoundTrip.Run(new Float(1.5f));
        Assert.Equal("3FC00000", Convert.ToHexString(fWire));
        Assert.Equal(1.5f, f.Value);
        var (d, _, dWire) = PrimitiveRoundTrip.Run(new RwfDouble(-2.25));
        Assert.Equal("C002000000000000", Convert.ToHexString(dWire));
        Assert.Equal(-2.25, d.Value);
    }

    [Theory]
    [InlineData(0, "00")]
    [InlineData(255, "FF")]
    [InlineData(65535, "FFFF")]
    public void Enum_IsOneOrTwoBytes(int value, string hex)
    {
        var (decoded, _, wire) = PrimitiveRoundTrip.Run(new RwfEnum((ushort)value));
        Assert.Equal(hex, Convert.ToHexString(wire));
        Assert.Equal(value, decoded.Value);
    }

    [Fact]
    public void WrongLengths_AreErrors_NotExceptions()
    {
        Assert.Equal(CodecReturnCode.InvalidData, Int.Decode(new byte[9], out _));
        Assert.Equal(CodecReturnCode.InvalidData, UInt.Decode(new byte[9], out _));
        Assert.Equal(CodecReturnCode.InvalidData, RwfEnum.Decode(new byte[3], out _));
        Assert.Equal(CodecReturnCode.IncompleteData, Float.Decode(new byte[3], out _));
        Assert.Equal(CodecReturnCode.IncompleteData, RwfDouble.Decode(new byte[7], out _));
    }

    [Theory]
    [InlineData("57132000", true, 57132000L)]
    [InlineData(" -42 ", true, -42L)]
    [InlineData("4x", false, 0L)]
    [InlineData("99999999999999999999", false, 0L)]
    public void Int_Parses(string text, bool ok, long expected)
    {
        Assert.Equal(ok, Int.TryParse(text, out Int value));
        if (ok)
            Assert.Equal(expected, value.Value);
    }

    [Fact]
    public void UIntAndEnum_ParseAndFormat()
    {
        Assert.True(UInt.TryParse("57132000", out UInt u));
        Assert.Equal("57132000", u.ToString());
        Assert.False(UInt.TryParse("-1", out _));
        Assert.True(RwfEnum.TryParse("4", out RwfEnum e));
        Assert.Equal(4, e.Value);
        Assert.False(RwfEnum.TryParse("70000", out _));
        Assert.True(UInt.TryParse("", out UInt blank) && blank.IsBlank);
    }
}
