using System.Text;
using Eta.Codec.Json;
using Eta.Codec.Tests.Dictionary;
using Xunit;

namespace Eta.Codec.Tests.Json;

internal static class JsonTestSupport
{
    private static readonly Lazy<JsonFieldNames> s_fields = new(() => new JsonFieldNames(RepositoryDictionaryTests.LoadOurs()));

    /// <summary>The repository's etc/RDMFieldDictionary and enumtype.def as the JSON model names them.</summary>
    public static JsonFieldNames Fields => s_fields.Value;

    public static string ToJson(ReadOnlySpan<byte> rwf)
    {
        var converter = new RwfToJsonConverter(Fields);
        CodecReturnCode rc = converter.Convert(rwf, out ReadOnlySpan<byte> json);
        Assert.True(rc == CodecReturnCode.Success, $"RWF to JSON failed: {converter.LastError}");
        return Encoding.UTF8.GetString(json);
    }

    public static byte[] ToRwf(string json, JsonToRwfConverter? converter = null)
    {
        converter ??= new JsonToRwfConverter(Fields);
        CodecReturnCode rc = converter.ConvertSingle(Encoding.UTF8.GetBytes(json), out JsonMessageKind kind, out ReadOnlySpan<byte> rwf);
        Assert.True(rc == CodecReturnCode.Success, $"JSON to RWF failed: {converter.LastError}");
        Assert.Equal(JsonMessageKind.Rwf, kind);
        return rwf.ToArray();
    }

    /// <summary>The error converting <paramref name="json"/> must report.</summary>
    public static string ErrorOf(string json)
    {
        var converter = new JsonToRwfConverter(Fields);
        JsonMessageReader messages = converter.Read(Encoding.UTF8.GetBytes(json));
        CodecReturnCode rc;
        while ((rc = messages.Next(out _, out _)) == CodecReturnCode.Success)
        {
        }
        Assert.Equal(CodecReturnCode.Failure, rc);
        Assert.NotNull(converter.LastError);
        return converter.LastError!;
    }

    public static List<(int Fid, string Text)> FieldValues(ReadOnlySpan<byte> rwfMsg)
    {
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(rwfMsg, out Msg msg));
        Assert.Equal(CodecReturnCode.Success, FieldListDecoder.Decode(msg.EncodedDataBody, out FieldListDecoder list));
        var fields = new List<(int, string)>();
        while (list.Next(out FieldEntry entry) == CodecReturnCode.Success)
        {
            int type = JsonTestSupport.Fields.EntryOf(entry.FieldId)!.RwfType;
            string text = PrimitiveText.TryFormat(type, entry.EncodedData, out string t) ? t : "?";
            fields.Add((entry.FieldId, text));
        }
        return fields;
    }
}
