using Xunit;

namespace Eta.Codec.Tests.Primitives;

public class RealTests
{
    public static TheoryData<int> AllScalingHints()
    {
        var hints = new TheoryData<int>();
        for (int hint = RealHints.ExponentNeg14; hint <= RealHints.Fraction256; hint++)
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
            Assert.Equal(CodecReturnCode.Success, rc);
            Assert.Equal(real, decoded);
            Assert.Equal(hint, wire[0]);

            Assert.True(Real.TryParse(real.ToString(), out Real parsed), real.ToString());
            Assert.Equal(real.ToDouble(), parsed.ToDouble(), 9);
        }
    }

    [Theory]
    [InlineData(RealHints.Infinity, "Inf")]
    [InlineData(RealHints.NegInfinity, "-Inf")]
    [InlineData(RealHints.NotANumber, "NaN")]
    public void SpecialHints_AreTheHintByteAlone(int hint, string text)
    {
        var (decoded, rc, wire) = PrimitiveRoundTrip.Run(new Real(0, hint));
        Assert.Equal(new[] { (byte)hint }, wire);
        Assert.Equal(CodecReturnCode.Success, rc);
        Assert.Equal(hint, decoded.Hint);
        Assert.Equal(text, decoded.ToString());
        Assert.True(Real.TryParse(text, out Real parsed));
        Assert.Equal(hint, parsed.Hint);
    }

    [Fact]
    public void BlankMarkerAndLoneHint_DecodeAsBlank()
    {
        Assert.Equal(CodecReturnCode.BlankData, Real.Decode([0x20, 0x00], out Real _));
        Assert.Equal(CodecReturnCode.BlankData, Real.Decode([0x0A], out Real blank));
        Assert.True(blank.IsBlank);
    }

    [Theory]
    [InlineData("2848.560000", 2848560000L, RealHints.ExponentNeg6)]
    [InlineData("1", 1L, RealHints.Exponent0)]
    [InlineData("13.340000", 13340000L, RealHints.ExponentNeg6)]
    [InlineData("-0.5", -5L, RealHints.ExponentNeg1)]
    [InlineData("+7", 7L, RealHints.Exponent0)]
    [InlineData("12 3/8", 99L, RealHints.Fraction8)]
    [InlineData("3/256", 3L, RealHints.Fraction256)]
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
        Assert.Equal("2848.560000", new Real(2848560000, RealHints.ExponentNeg6).ToString());
        Assert.Equal("31701", new Real(31701, RealHints.Exponent0).ToString());
        Assert.Equal("5000", new Real(5, RealHints.Exponent3).ToString());
        Assert.Equal("-12 3/8", new Real(-99, RealHints.Fraction8).ToString());
        Assert.Equal("-0.05", new Real(-5, RealHints.ExponentNeg2).ToString());
    }

    [Fact]
    public void Doubles_ConvertWithTheHintsPrecision()
    {
        Real real = Real.FromDouble(2848.56, RealHints.ExponentNeg2);
        Assert.Equal(new Real(284856, RealHints.ExponentNeg2), real);
        Assert.Equal(2848.56, real.ToDouble(), 10);
        Assert.Equal(RealHints.NotANumber, Real.FromDouble(double.NaN, RealHints.Exponent0).Hint);
    }

    [Fact]
    public void InvalidHint_IsNotEncoded()
    {
        Span<byte> buffer = stackalloc byte[8];
        var writer = new RwfWriter(buffer);
        Assert.Equal(CodecReturnCode.InvalidData, new Real(1, 31).EncodeBody(ref writer));
        Assert.Equal(0, writer.Position);
    }

    [Fact]
    public void SetDefinedRealForms_Decode()
    {
        // REAL_4RB: format byte (length-1)<<6 | hint, then the value.
        Assert.Equal(CodecReturnCode.Success, SetPrimitives.DecodeRealRb([0x40 | RealHints.ExponentNeg2, 0x01, 0x00], out Real real));
        Assert.Equal(new Real(256, RealHints.ExponentNeg2), real);
        Assert.Equal(CodecReturnCode.BlankData, SetPrimitives.DecodeRealRb([0x20, 0x00], out _));
    }
}
