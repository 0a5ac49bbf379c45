using System.Text.Encodings.Web;
using System.Text.Json;

namespace Eta.Codec.Json;

/// <summary>
/// Converts encoded RWF messages to LSEG's simplified JSON message model (tr_json2): one message becomes one JSON
/// object; several appended to one payload become a JSON array of objects. One instance per thread; the payload
/// it returns is valid until the next <see cref="Reset"/>. Converting allocates nothing once the output buffer
/// has grown to the largest payload.
/// </summary>
/// <remarks>
/// Member names, their order and which defaults are left out follow LSEG's converter (RTSDK 2.1.2
/// Cpp-C/Eta/Impl/Converter rwfToJsonSimple.C): "ID" then "Type" then "Domain" (left out for MarketPrice), then
/// the class's members, the payload last ("Fields", "Elements", "FilterList", "Map", "Opaque").
/// </remarks>
public sealed partial class RwfToJsonConverter
{
    private readonly JsonFieldNames _fields;
    private readonly JsonOutputBuffer _output;
    private readonly Utf8JsonWriter _json;
    private int _count;

    public RwfToJsonConverter(JsonFieldNames fields, int initialCapacity = 16 * 1024)
    {
        _fields = fields;
        _output = new JsonOutputBuffer(initialCapacity);
        _json = new Utf8JsonWriter(_output, new JsonWriterOptions
        {
            // LSEG writes text as UTF-8 and escapes only what JSON requires.
            Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping,
            SkipValidation = true,
        });
        Reset();
    }

    /// <summary>Why the last <see cref="Append"/> failed, or null.</summary>
    public string? LastError { get; private set; }

    /// <summary>Messages in the current payload.</summary>
    public int Count => _count;

    /// <summary>Bytes the current payload has (what <see cref="Payload"/> will return).</summary>
    public int PayloadLength => _count switch { 0 => 0, 1 => _output.WrittenCount - 1, _ => _output.WrittenCount + 1 };

    /// <summary>Starts a new payload.</summary>
    public void Reset()
    {
        _output.Truncate(0);
        _output.WriteByte((byte)'['); // used when a second message makes the payload an array
        _count = 0;
        LastError = null;
    }

    /// <summary>
    /// Converts one encoded RWF message into the payload. On failure the payload is left as it was and
    /// <see cref="LastError"/> says why.
    /// </summary>
    public CodecReturnCode Append(ReadOnlySpan<byte> rwfMessage)
    {
        int mark = _output.WrittenCount;
        if (_count > 0)
            _output.WriteByte((byte)',');
        _json.Reset(_output);
        CodecReturnCode rc = MsgDecoder.Decode(rwfMessage, out Msg msg);
        if (rc == CodecReturnCode.Success)
            rc = WriteMessage(in msg);
        else
            Fail($"the RWF message does not decode ({rc})");
        _json.Flush();
        if (rc != CodecReturnCode.Success)
        {
            _output.Truncate(mark);
            return rc;
        }
        _count++;
        return CodecReturnCode.Success;
    }

    /// <summary>
    /// The payload: empty, one JSON object, or a JSON array of the objects appended. Valid until the next
    /// <see cref="Reset"/> or <see cref="Append"/>.
    /// </summary>
    public ReadOnlySpan<byte> Payload
    {
        get
        {
            if (_count == 0)
                return default;
            if (_count == 1)
                return _output.Written[1..];
            _output.WriteByte((byte)']');
            ReadOnlySpan<byte> all = _output.Written;
            _output.Truncate(_output.WrittenCount - 1);
            return all;
        }
    }

    /// <summary>Converts one message on its own: <see cref="Reset"/>, <see cref="Append"/>, <see cref="Payload"/>.</summary>
    public CodecReturnCode Convert(ReadOnlySpan<byte> rwfMessage, out ReadOnlySpan<byte> json)
    {
        Reset();
        CodecReturnCode rc = Append(rwfMessage);
        json = rc == CodecReturnCode.Success ? Payload : default;
        return rc;
    }

    private CodecReturnCode Fail(string reason)
    {
        LastError = reason;
        return CodecReturnCode.Failure;
    }
}
