using Xunit;

namespace Eta.Codec.Tests.Primitives;

public class DateTimeTests
{
    [Theory]
    [InlineData(15, 52, 0, 0, 0, 0, "0F34")]
    [InlineData(15, 52, 12, 0, 0, 0, "0F340C")]
    [InlineData(15, 52, 12, 7, 0, 0, "0F340C0007")]
    [InlineData(15, 52, 12, 7, 999, 0, "0F340C000703E7")]
    [InlineData(15, 52, 12, 7, 999, 999, "0F340C00071BE7E7")]
    public void Time_UsesTheShortestForm_ToTheNanosecond(int h, int m, int s, int ms, int us, int ns, string hex)
    {
        var time = new Time(h, m, s, ms, us, ns);
        var (decoded, rc, wire) = PrimitiveRoundTrip.Run(time);
        Assert.Equal(hex, Convert.ToHexString(wire));
        Assert.Equal(CodecReturnCode.Success, rc);
        Assert.Equal(time, decoded);
    }

    [Fact]
    public void Time_BlankIsTheAllOnesPattern()
    {
        var (decoded, rc, wire) = PrimitiveRoundTrip.Run(Time.Blank);
        Assert.Equal("FFFFFFFFFF3FFFFF", Convert.ToHexString(wire));
        Assert.Equal(CodecReturnCode.BlankData, rc);
        Assert.True(decoded.IsBlank);
        Assert.Equal(CodecReturnCode.BlankData, Time.Decode([0xFF, 0xFF, 0xFF], out Time shortBlank));
        Assert.True(shortBlank.IsBlank);
        Assert.Equal(CodecReturnCode.IncompleteData, Time.Decode([1, 2, 3, 4], out _));
    }

    [Theory]
    [InlineData("15:52:12:000:000:000", 15, 52, 12, 0, 0, 0)]
    [InlineData(" 21:00:01:000", 21, 0, 1, 0, 0, 0)]
    [InlineData("13:01", 13, 1, 0, 0, 0, 0)]
    [InlineData("10 11 12 13 14 15", 10, 11, 12, 13, 14, 15)]
    public void Time_ParsesEtaForms(string text, int h, int m, int s, int ms, int us, int ns)
    {
        Assert.True(Time.TryParse(text, out Time time));
        Assert.Equal(new Time(h, m, s, ms, us, ns), time);
    }

    [Theory]
    [InlineData("25:00")]
    [InlineData("12")]
    [InlineData("1:2:3:4:5:6:7")]
    [InlineData("aa:bb")]
    [InlineData("12:-1")]
    public void Time_RejectsBadText(string text) => Assert.False(Time.TryParse(text, out _));

    [Fact]
    public void Time_FormatsEveryPart()
    {
        Assert.Equal("15:52:12:000:000:000", new Time(15, 52, 12).ToString());
        Assert.True(Time.TryParse(new Time(1, 2, 3, 4, 5, 6).ToString(), out Time back));
        Assert.Equal(new Time(1, 2, 3, 4, 5, 6), back);
    }

    [Theory]
    [InlineData("11/15/2005", 15, 11, 2005)]
    [InlineData("2005/11/15", 15, 11, 2005)]
    [InlineData("15 NOV 2005", 15, 11, 2005)]
    [InlineData("4/14/74", 14, 4, 1974)]
    public void Date_ParsesEtaForms(string text, int day, int month, int year)
    {
        Assert.True(Date.TryParse(text, out Date date));
        Assert.Equal(new Date(day, month, year), date);
        var (decoded, rc, wire) = PrimitiveRoundTrip.Run(date);
        Assert.Equal(4, wire.Length);
        Assert.Equal(CodecReturnCode.Success, rc);
        Assert.Equal(date, decoded);
    }

    [Theory]
    [InlineData("13/40/2005")]
    [InlineData("11/15")]
    [InlineData("15 XYZ 2005")]
    [InlineData("a/b/c")]
    public void Date_RejectsBadText(string text) => Assert.False(Date.TryParse(text, out _));

    [Fact]
    public void Date_FormatsAndReparses()
    {
        var date = new Date(15, 11, 2005);
        Assert.Equal("15 NOV 2005", date.ToString());
        Assert.True(Date.TryParse(date.ToString(), out Date back));
        Assert.Equal(date, back);
        Assert.Equal(CodecReturnCode.BlankData, Date.Decode([0, 0, 0, 0], out _));
    }

    [Theory]
    [InlineData(0, 6)]
    [InlineData(12, 7)]
    [InlineData(13, 9)]
    public void DateTime_IsDatePlusTime(int second, int expectedLength)
    {
        var value = new RwfDateTime(new Date(15, 11, 2005), new Time(15, 52, second, second == 13 ? 5 : 0));
        var (decoded, rc, wire) = PrimitiveRoundTrip.Run(value);
        Assert.Equal(expectedLength, wire.Length);
        Assert.Equal(CodecReturnCode.Success, rc);
        Assert.Equal(value, decoded);
    }

    [Fact]
    public void DateTime_ParsesAndFormats()
    {
        Assert.True(RwfDateTime.TryParse("11/15/2005 15:52:12:000:000:001", out RwfDateTime value));
        Assert.Equal(new RwfDateTime(new Date(15, 11, 2005), new Time(15, 52, 12, 0, 0, 1)), value);
        Assert.Equal(12, PrimitiveRoundTrip.Run(value).Wire.Length);
        Assert.True(RwfDateTime.TryParse(value.ToString(), out RwfDateTime back));
        Assert.Equal(value, back);
        Assert.False(RwfDateTime.TryParse("11/15/2005", out _));
    }
}
