using Xunit;
using static Eta.Codec.Tests.Json.JsonTestSupport;

namespace Eta.Codec.Tests.Json;

/// <summary>Bad JSON gets one clear error naming the problem, never an exception.</summary>
public class JsonBadInputTests
{
    [Theory]
    [InlineData("{\"ID\":2,\"Key\":{\"Name\":\"TRI.N\"}", "malformed JSON")]
    [InlineData("{\"ID\":2,\"Key\":{\"Name\":\"TRI.N\"}} x", "malformed JSON")]
    [InlineData("[{\"ID\":2,\"Key\":{\"Name\":\"TRI.N\"}},", "malformed JSON")]
    [InlineData("", "the payload is empty")]
    [InlineData("42", "must be an object or an array of objects")]
    public void MalformedJsonIsReported(string json, string expected) => Assert.Contains(expected, ErrorOf(json));

    [Fact]
    public void AnUnknownFieldNameIsNamed() =>
        Assert.Equal("unknown field name 'BID_CUSTOM': it is not in the field dictionary",
            ErrorOf("{\"ID\":3,\"Type\":\"Update\",\"Fields\":{\"BID\":1.5,\"BID_CUSTOM\":45.55}}"));

    [Theory]
    [InlineData("{\"ID\":3,\"Type\":\"Update\",\"Fields\":{\"BID\":\"abc\"}}", "field 'BID' (Real) must be a number, not a string")]
    [InlineData("{\"ID\":3,\"Type\":\"Update\",\"Fields\":{\"TIM_TRK_1\":-4}}", "field 'TIM_TRK_1' (UInt) is not an unsigned 64-bit integer: -4")]
    [InlineData("{\"ID\":3,\"Type\":\"Update\",\"Fields\":{\"TRADE_DATE\":\"15 NOV 2005\"}}", "field 'TRADE_DATE' (Date) is not a date (YYYY-MM-DD): 15 NOV 2005")]
    [InlineData("{\"ID\":3,\"Type\":\"Update\",\"Fields\":{\"BID\":9223372036854775808}}", "field 'BID' (Real) has a value out of range: 9223372036854775808")]
    [InlineData("{\"ID\":\"2\",\"Key\":{\"Name\":\"TRI.N\"}}", "'ID' must be a number, not a string")]
    [InlineData("{\"ID\":2,\"Type\":{\"Test\":1},\"Key\":{\"Name\":\"TRI.N\"}}", "'Type' must be a message type name, not an object")]
    [InlineData("{\"ID\":2,\"Type\":\"Electric/Flying\",\"Key\":{\"Name\":\"TRI.N\"}}", "unknown message type 'Electric/Flying'")]
    [InlineData("{\"Key\":{\"Name\":\"TRI.N\"}}", "missing required 'ID'")]
    [InlineData("{\"ID\":2}", "missing required 'Key'")]
    [InlineData("{\"ID\":2,\"Type\":\"Refresh\",\"State\":{\"Stream\":\"Sideways\",\"Data\":\"Ok\"}}", "'Stream' has an unknown value 'Sideways'")]
    public void AWrongTypeOrValueIsNamed(string json, string expected) => Assert.Equal(expected, ErrorOf(json));

    [Fact]
    public void AnErrorMessageFromThePeerIsReportedAsSuch()
    {
        var converter = new Codec.Json.JsonToRwfConverter(Fields);
        Assert.Equal(CodecReturnCode.Success, converter.ConvertSingle(
            "{\"Type\":\"Error\",\"Text\":\"JSON Converter Token Type error: Expected 'PRIMITIVE' for key 'ID' Received 'STRING'\"}"u8,
            out Codec.Json.JsonMessageKind kind, out _));
        Assert.Equal(Codec.Json.JsonMessageKind.Error, kind);
        Assert.StartsWith("JSON Converter Token Type error", converter.LastError);
    }
}
