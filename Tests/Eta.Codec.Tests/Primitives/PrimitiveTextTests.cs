using Xunit;

namespace Eta.Codec.Tests.Primitives;

/// <summary>The MsgData.xml path: type name + text to value bytes, and back.</summary>
public class PrimitiveTextTests
{
    [Theory]
    [InlineData("RSSL_DT_REAL", "2848.560000", "0800A9C99380")]
    [InlineData("RSSL_DT_RMTES_STRING", "R", "52")]
    [InlineData("RSSL_DT_ENUM", "4", "04")]
    [InlineData("RSSL_DT_UINT", "57132000", "0367C3E0")]
    [InlineData("RSSL_DT_TIME", "15:52:12:000:000:000", "0F340C")]
    [InlineData("RSSL_DT_TIME", " 21:00:01:000", "150001")]
    [InlineData("RSSL_DT_DATE", "11/15/2005", "0F0B07D5")]
    [InlineData("INT", "-1", "FF")]
    [InlineData("RSSL_DT_REAL", "", "")]
    public void MsgDataValues_EncodeToTheirWireBytes(string typeName, string text, string hex)
    {
        Assert.True(DataTypes.TryParseName(typeName, out int type));
        Span<byte> buffer = stackalloc byte[32];
        var writer = new RwfWriter(buffer);
        Assert.Equal(CodecReturnCode.Success, PrimitiveText.Encode(type, text, ref writer));
        Assert.Equal(hex, Convert.ToHexString(writer.Written));
        Assert.True(PrimitiveText.TryFormat(type, writer.Written, out string back));
        var again = new RwfWriter(buffer[16..]);
        Assert.Equal(CodecReturnCode.Success, PrimitiveText.Encode(type, back, ref again));
        Assert.Equal(hex, Convert.ToHexString(again.Written));
    }

    [Theory]
    [InlineData(DataTypes.Real, "12,5")]
    [InlineData(DataTypes.Date, "yesterday")]
    [InlineData(DataTypes.Enum, "-3")]
    [InlineData(DataTypes.Time, "24:00")]
    public void BadText_IsInvalidArgument(int type, string text)
    {
        Span<byte> buffer = stackalloc byte[32];
        var writer = new RwfWriter(buffer);
        Assert.Equal(CodecReturnCode.InvalidArgument, PrimitiveText.Encode(type, text, ref writer));
        Assert.Equal(0, writer.Position);
    }

    [Fact]
    public void TypesWithoutText_AreUnsupported()
    {
        Span<byte> buffer = stackalloc byte[8];
        var writer = new RwfWriter(buffer);
        Assert.Equal(CodecReturnCode.UnsupportedDataType, PrimitiveText.Encode(DataTypes.FieldList, "x", ref writer));
        Assert.False(PrimitiveText.TryFormat(DataTypes.Array, [1], out _));
        Assert.False(DataTypes.TryParseName("RSSL_DT_NOPE", out _));
        Assert.True(DataTypes.TryParseName("field_list", out int fieldList));
        Assert.Equal(DataTypes.FieldList, fieldList);
    }

    [Fact]
    public void TextValue_CanBeEncodedInPlace_IntoAnOpenEntry()
    {
        byte[] buffer = new byte[64];
        var enc = new RwfEncoder(buffer);
        enc.FieldListInit();
        Assert.Equal(CodecReturnCode.Success, enc.FieldEntryInit(22, maxEncodedSize: 32));
        Assert.Equal(CodecReturnCode.Success, PrimitiveText.Encode(DataTypes.Real, "2848.560000", ref enc.Writer));
        Assert.Equal(CodecReturnCode.Success, enc.FieldEntryComplete(true));
        enc.FieldListComplete(true);

        FieldListDecoder.Decode(enc.Written, out FieldListDecoder list);
        list.Next(out FieldEntry entry);
        Assert.Equal(6, entry.EncodedData.Length);
        entry.Decode(out Real real);
        Assert.Equal("2848.560000", real.ToString());
    }

    [Fact]
    public void MalformedBytes_DoNotFormat()
    {
        Assert.False(PrimitiveText.TryFormat(DataTypes.Date, [1, 2, 3], out _));
        Assert.True(PrimitiveText.TryFormat(DataTypes.Real, default, out string blank));
        Assert.Equal("", blank);
    }
}
