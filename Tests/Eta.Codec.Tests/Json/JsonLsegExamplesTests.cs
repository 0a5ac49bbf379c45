using System.Text;
using Eta.Codec.Json;
using Xunit;
using static Eta.Codec.Tests.Json.JsonTestSupport;

namespace Eta.Codec.Tests.Json;

/// <summary>
/// LSEG's own JSON messages (expected text from LSEG's RTSDK 2.1.2 converter tests, cited on each test) convert to
/// the RWF they mean and back to the same text.
/// </summary>
public class JsonLsegExamplesTests
{
    // Java/Eta/Converter/src/test/.../ComposeOutputJsonTest.java: a refresh that is not solicited, does not clear the
    // cache and is part 10; its members are in the order LSEG's converter writes them.
    private const string LsegRefresh =
        "{\"ID\":5,\"Type\":\"Refresh\",\"Key\":{\"Service\":555,\"Name\":\"TINY\"},\"State\":{\"Stream\":\"Open\",\"Data\":\"Ok\",\"Text\":\"Item Refresh Completed\"},\"ClearCache\":false,\"PartNumber\":10,\"Solicited\":false}";

    [Fact]
    public void LsegRefreshConvertsToTheRwfItMeansAndBackToTheSameText()
    {
        byte[] rwf = ToRwf(LsegRefresh);
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(rwf, out Msg msg));
        Assert.Equal(MsgClass.Refresh, msg.MsgClass);
        Assert.Equal(Eta.Codec.Rdm.DomainTypes.MarketPrice, msg.DomainType);
        Assert.Equal(5, msg.StreamId);
        Assert.Equal(RefreshMsgFlags.HasMsgKey | RefreshMsgFlags.RefreshComplete | RefreshMsgFlags.HasPartNum, msg.RefreshFlags);
        Assert.Equal(10, msg.PartNum);
        Assert.Equal(555, msg.Key.ServiceId);
        Assert.Equal("TINY", Encoding.ASCII.GetString(msg.Key.Name));
        Assert.Equal(1, msg.Key.NameType); // left out of the JSON: the RIC default
        Assert.Equal(StreamStates.Open, msg.State.StreamState);
        Assert.Equal(DataStates.Ok, msg.State.DataState);
        Assert.Equal("Item Refresh Completed", Encoding.ASCII.GetString(msg.State.Text));

        Assert.Equal(LsegRefresh, ToJson(rwf));
    }

    [Fact]
    public void LsegRefreshWithFieldsCarriesTheirValues()
    {
        // Java/Eta/Converter/src/test/.../JsonNonConvertedMsgTest.java testUnitTestMessage.
        byte[] rwf = ToRwf("{\"ID\":4,\"Type\":\"Refresh\",\"Key\":{\"Service\":1,\"Name\":\"IBM.N\"},\"State\":" +
            "{\"Stream\":\"Open\",\"Data\":\"Ok\",\"Text\":\"\"},\"Complete\":false,\"ClearCache\":false,\"Solicited\":false,\"Fields\":{\"TRDPRC_1\":60,\"HIGH_1\":120,\"LOW_1\":130}}");
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(rwf, out Msg msg));
        Assert.Equal(RefreshMsgFlags.HasMsgKey, msg.RefreshFlags);
        Assert.Equal([(6, 60.0), (12, 120.0), (13, 130.0)], FieldValues(rwf).Select(f => (f.Fid, double.Parse(f.Text, System.Globalization.CultureInfo.InvariantCulture))));
    }

    [Fact]
    public void LsegPostCarriesItsUpdateAndPostUserInfo()
    {
        // Java/Eta/Converter/src/test/.../PostUserInfoTest.java decodePostUserInfoAddressFromStringValue: "Address" as
        // "127.0.0.1" (and as 168310684 in the test beside it), the posted update nested as "Message".
        const string post = "{\"ID\":2,\"Type\":\"Post\",\"Domain\":\"MarketPrice\",\"Key\":{\"Name\":\"TRI.N\",\"Service\":1},\"Ack\":true,\"PostID\":3,\"PermData\":\"AwO9ZWLA\",\"PostUserInfo\": {\"Address\": \"127.0.0.1\",\"UserID\": 1},\"Message\":{\"ID\":0,\"Type\":\"Update\",\"Key\":{\"Name\":\"TRI.N\",\"Service\":60000},\"Domain\":\"MarketPrice\",\"Fields\":{\"RDN_EXCHID\":155}}}";
        byte[] rwf = ToRwf(post);
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(rwf, out Msg msg));
        Assert.Equal(MsgClass.Post, msg.MsgClass);
        Assert.Equal(0x7F000001u, msg.PostUserInfo.UserAddress);
        Assert.Equal(1u, msg.PostUserInfo.UserId);
        Assert.Equal(PostMsgFlags.Ack | PostMsgFlags.HasPostId | PostMsgFlags.HasMsgKey | PostMsgFlags.HasPermData | PostMsgFlags.PostComplete, msg.PostFlags);
        Assert.Equal(3u, msg.PostId);
        Assert.Equal(Convert.FromBase64String("AwO9ZWLA"), msg.PermData.ToArray());
        Assert.Equal(DataTypes.Msg, msg.ContainerType);

        byte[] inner = msg.EncodedDataBody.ToArray();
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(inner, out Msg update));
        Assert.Equal(MsgClass.Update, update.MsgClass);
        Assert.Equal(60000, update.Key.ServiceId);
        Assert.Equal("TRI.N", Encoding.ASCII.GetString(update.Key.Name));
        Assert.Equal([(4, "155")], FieldValues(inner));

        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(ToRwf(post.Replace("\"127.0.0.1\"", "168310684")), out msg));
        Assert.Equal(168310684u, msg.PostUserInfo.UserAddress);
    }

    [Fact]
    public void PingAndPongAreRecognisedWithoutRwf()
    {
        // Cpp-C/Eta/TestTools/UnitTests/.../miscTests.C: {"Type":"Ping"} and {"Type":"Pong"}.
        var converter = new JsonToRwfConverter(Fields);
        Assert.Equal(CodecReturnCode.Success, converter.ConvertSingle("{\"Type\":\"Ping\"}"u8, out JsonMessageKind kind, out _));
        Assert.Equal(JsonMessageKind.Ping, kind);
        Assert.Equal(CodecReturnCode.Success, converter.ConvertSingle("{\"Type\":\"Pong\"}"u8, out kind, out _));
        Assert.Equal(JsonMessageKind.Pong, kind);
    }

    [Theory]
    // Java/Eta/Converter/src/test/.../PrimitiveConverterTest.java: Real values and the text LSEG writes for them.
    [InlineData(6543210123000L, RealHints.ExponentNeg3, "6543210123.000")]
    [InlineData(-6543210123000L, RealHints.ExponentNeg3, "-6543210123.000")]
    [InlineData(6543210123L, RealHints.Exponent4, "65432101230000")]
    [InlineData(9876543210123L, RealHints.ExponentNeg13, "0.9876543210123")]
    [InlineData(98765432101L, RealHints.ExponentNeg14, "0.00098765432101")]
    [InlineData(-654321012L, RealHints.ExponentNeg14, "-0.00000654321012")]
    [InlineData(long.MaxValue, RealHints.Exponent0, "9223372036854775807")]
    [InlineData(long.MinValue, RealHints.Exponent0, "-9223372036854775808")]
    [InlineData(long.MinValue, RealHints.ExponentNeg10, "-922337203.6854775808")]
    [InlineData(-9223372036854775808L, RealHints.Exponent5, "-922337203685477580800000")]
    public void RealIsWrittenWithItsHintsDigits(long value, int hint, string expected)
    {
        Span<byte> text = stackalloc byte[48];
        int length = JsonPrimitiveText.FormatExponentReal(value, hint, text);
        Assert.Equal(expected, Encoding.ASCII.GetString(text[..length]));
        Assert.True(JsonPrimitiveText.TryParseReal(text[..length], out Real back));
        if (hint <= RealHints.Exponent0)
            Assert.Equal(new Real(value, hint), back);
        else
            Assert.Equal(value * Math.Pow(10, hint - RealHints.Exponent0), back.ToDouble(), 1e-6);
    }

    [Theory]
    // Java/Eta/Converter/src/test/.../JsonRealConverterTest.java: exponent forms read as Reals.
    [InlineData("1.0E4", 10L, RealHints.Exponent3)]
    [InlineData("21.55E5", 2155L, RealHints.Exponent3)]
    [InlineData("25.5678E2", 255678L, RealHints.ExponentNeg2)]
    [InlineData("1.0E-4", 10L, RealHints.ExponentNeg5)]
    [InlineData("12.340", 12340L, RealHints.ExponentNeg3)]
    public void RealReadsExponentForms(string text, long value, int hint)
    {
        Assert.True(JsonPrimitiveText.TryParseReal(Encoding.ASCII.GetBytes(text), out Real real));
        Assert.Equal(new Real(value, hint), real);
    }

    [Fact]
    public void DatesAndTimesAreIso8601WithTrailingZerosTrimmed()
    {
        // Java/Eta/Converter/src/test/.../BasicPrimitiveConverterTest.java and LSEG's rsslDateTimeToStringFormat
        // (Cpp-C/Eta/Impl/Codec/dtime.c, RSSL_STR_DATETIME_ISO8601).
        Assert.Equal("05:10:12.123004005", Time(new Time(5, 10, 12, 123, 4, 5)));
        Assert.Equal("00:00:02.0000025", Time(new Time(0, 0, 2, 0, 2, 500)));
        Assert.Equal("01:00:02.01002505", Time(new Time(1, 0, 2, 10, 25, 50)));
        Assert.Equal("12:55:43", Time(new Time(12, 55, 43)));
        Assert.Equal("23:59", Time(new Time(23, 59, Codec.Time.BlankSecond, Codec.Time.BlankMillisecond, Codec.Time.BlankMicroNano, Codec.Time.BlankMicroNano)));
        Span<byte> text = stackalloc byte[40];
        Assert.Equal("2020-01-02", Encoding.ASCII.GetString(text[..JsonPrimitiveText.FormatDate(new Date(2, 1, 2020), text)]));
        Assert.Equal("2020-11-02T13:55:18.015001003",
            Encoding.ASCII.GetString(text[..JsonPrimitiveText.FormatDateTime(new RwfDateTime(new Date(2, 11, 2020), new Time(13, 55, 18, 15, 1, 3)), text)]));

        Assert.True(JsonPrimitiveText.TryParseTime("00:00:02.0000025"u8, out Time t));
        Assert.Equal(new Time(0, 0, 2, 0, 2, 500), t);
        Assert.True(JsonPrimitiveText.TryParseDateTime("2020-11-02T13:55:18.015001003"u8, out RwfDateTime dt));
        Assert.Equal(new RwfDateTime(new Date(2, 11, 2020), new Time(13, 55, 18, 15, 1, 3)), dt);
    }

    private static string Time(Time time)
    {
        Span<byte> text = stackalloc byte[24];
        return Encoding.ASCII.GetString(text[..JsonPrimitiveText.FormatTime(time, text)]);
    }
}
