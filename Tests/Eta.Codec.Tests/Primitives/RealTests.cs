using Xunit;

namespace Eta.Codec.Tests.Primitives;

public class RealTests
{
    public static TheoryData<int> AllScalingHints()
    {
        var hints = new TheoryData<int>();
        for (int hint = RealHints.EXPONENT_14; hint <= RealHints.FRACTION_256; hint++)
            hints.Add(hint);
        return hints;
    }

    [Theory]
    [MemberData(nameof(AllScalingHints))]
    public void EveryHint_RoundTrips_OnTheWire_AndAsText(int hint)
    {
        foreach (long value in new long[] { 0, 1, -1, 867564, -123456789, long.MaxValue, long.MinValue + 1 })
        {
            var real = new Real(value, hint);
            var (decoded, rc, wire) = PrimitiveRoundTrip.Run(real);
            Assert.Equal(CodecReturnCode.SUCCESS, rc);
            Assert.Equal(real, decoded);
            Assert.Equal(hint, wire[0]);

            Assert.True(Real.TryParse(real.ToString(), out Real parsed), real.ToString());
            Assert.Equal(real.ToDouble(), parsed.ToDouble(), 9);
        }
    }

    [Theory]
    [InlineData(RealHints.INFINITY, "Inf")]
    [InlineData(RealHints.NEG_INFINITY, "-Inf")]
    [InlineData(RealHints.NOT_A_NUMBER, "NaN")]
    public void SpecialHints_AreTheHintByteAlone(int hint, string text)
    {
        var (decoded, rc, wire) = PrimitiveRoundTrip.Run(new Real(0, hint));
        Assert.Equal(new[] { (byte)hint }, wire);
        Assert.Equal(CodecReturnCode.SUCCESS, rc);
        Assert.Equal(hint, decoded.Hint);
        Assert.Equal(text, decoded.ToString());
        Assert.True(Real.TryParse(text, out Real parsed));
        Assert.Equal(hint, parsed.Hint);
    }

    [Fact]
    public void BlankMarkerAndLoneHint_DecodeAsBlank()
    {
        Assert.Equal(CodecReturnCode.BLANK_DATA, Real.Decode([0x20, 0x00], out Real _));
        Assert.Equal(CodecReturnCode.BLANK_DATA, Real.Decode([0x0A], out Real blank));
        Assert.True(blank.IsBlank);
    }

    [Theory]
    [InlineData("2848.560000", 2848560000L, RealHints.EXPONENT_6)]
    [InlineData("1", 1L, RealHints.EXPONENT0)]
    [InlineData("13.340000", 13340000L, RealHints.EXPONENT_6)]
    [InlineData("-0.5", -5L, RealHints.EXPONENT_1)]
    [InlineData("+7", 7L, RealHints.EXPONENT0)]
    [InlineData("12 3/8", 99L, RealHints.FRACTION_8)]
    [InlineData("3/256", 3L, RealHints.FRACTION_256)]
    public void Parses_EtaStringForms(string text, long value, int hint)
    {
        Assert.True(Real.TryParse(text, out Real real));
        Assert.Equal(new Real(value, hint), real);
    }

    [Theory]
    [InlineData("")]
    [InlineData("   ")]
    public void EmptyText_IsBlank(string text)
    {
        Assert.True(Real.TryParse(text, out Real real));
        Assert.True(real.IsBlank);
        Assert.Equal("", real.ToString());
    }

    [Theory]
    [InlineData("abc")]
    [InlineData("1.2.3")]
    [InlineData("1/3")]
    [InlineData("1/0")]
    [InlineData("99999999999999999999")]
    [InlineData("99999999999999999999 1/2")]
    [InlineData("0.000000000000001")]
    [InlineData("-")]
    [InlineData(".")]
    public void BadText_IsRejected_WithoutThrowing(string text) => Assert.False(Real.TryParse(text, out _));

    [Fact]
    public void Formats_AsEtaDoes()
    {
        Assert.Equal("2848.560000", new Real(2848560000, RealHints.EXPONENT_6).ToString());
        Assert.Equal("31701", new Real(31701, RealHints.EXPONENT0).ToString());
        Assert.Equal("5000", new Real(5, RealHints.EXPONENT3).ToString());
        Assert.Equal("-12 3/8", new Real(-99, RealHints.FRACTION_8).ToString());
        Assert.Equal("-0.05", new Real(-5, RealHints.EXPONENT_2).ToString());
    }

    [Fact]
    public void Doubles_ConvertWithTheHintsPrecision()
    {
        Real real = Real.FromDouble(2848.56, RealHints.EXPONENT_2);
        Assert.Equal(new Real(284856, RealHints.EXPONENT_2), real);
        Assert.Equal(2848.56, real.ToDouble(), 10);
        Assert.Equal(RealHints.NOT_A_NUMBER, Real.FromDouble(double.NaN, RealHints.EXPONENT0).Hint);
    }

    [Fact]
    public void InvalidHint_IsNotEncoded()
    {
        Span<byte> buffer = stackalloc byte[8];
        var writer = new RwfWriter(buffer);
        Assert.Equal(CodecReturnCode.INVALID_DATA, new Real(1, 31).EncodeBody(ref writer));
        Assert.Equal(0, writer.Position);
    }

    [Fact]
    public void SetDefinedRealForms_Decode()
    {
        // REAL_4RB: format byte (length-1)<<6 | hint, then the value.
        Assert.Equal(CodecReturnCode.SUCCESS, SetPrimitives.DecodeRealRb([0x40 | RealHints.EXPONENT_2, 0x01, 0x00], out Real real));
        Assert.Equal(new Real(256, RealHints.EXPONENT_2), real);
        Assert.Equal(CodecReturnCode.BLANK_DATA, SetPrimitives.DecodeRealRb([0x20, 0x00], out _));
    }
}
