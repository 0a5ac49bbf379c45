using System.Buffers;
using System.Buffers.Text;
using System.Text;
using System.Text.Json;

namespace Eta.Codec.Json;

/// <summary>
/// Converts one JSON message object to RWF in one pass of the payload's reader: the header members go into a
/// <see cref="Msg"/> (members may come in any order), the message's payload ("Fields", ...) is encoded into RWF
/// where it is met, in a buffer of its own; then the header is encoded and the payload copied after it. The key is
/// read (and its attribute encoded) once the pass is done, since its meaning depends on the domain. A payload too
/// large for its buffer is read again from its offset, straight into the message.
/// </summary>
internal ref partial struct JsonMessageEncoder
{
    private readonly JsonToRwfConverter _owner;
    private readonly ReadOnlySpan<byte> _json;
    private int _scratchUsed;

    // Where the payload and the key attributes are (offsets into _json of their values), -1 when absent; a payload
    // encoded during the pass is the first _payloadLength bytes of the owner's Payload buffer.
    private int _payloadAt;
    private int _payloadLength;
    private int _payloadType;
    private int _attribAt;
    private int _attribType;
    private int _reqAttribAt;

    // A message nested in another's payload ("Message"): offsets of its reader start at _base, and its payload is
    // encoded in place from its offset (the payload buffer belongs to the enclosing message).
    private int _base;
    private bool _nested;

    private JsonMessageEncoder(JsonToRwfConverter owner, ReadOnlySpan<byte> json)
    {
        _owner = owner;
        _json = json;
        _scratchUsed = 0;
        _payloadAt = -1;
        _payloadLength = -1;
        _payloadType = DataTypes.NoData;
        _attribAt = -1;
        _attribType = DataTypes.NoData;
        _reqAttribAt = -1;
    }

    /// <summary>
    /// Converts the message object <paramref name="reader"/> is on (its StartObject; afterwards its EndObject).
    /// <paramref name="json"/> is what the reader reads: its offsets are offsets into it.
    /// </summary>
    public static CodecReturnCode Convert(JsonToRwfConverter owner, ReadOnlySpan<byte> json, scoped ref Utf8JsonReader reader,
        out JsonMessageKind kind, out ReadOnlySpan<byte> rwf)
    {
        owner.EnsureScratch(json.Length);
        var encoder = new JsonMessageEncoder(owner, json);
        return encoder.Run(ref reader, out kind, out rwf);
    }

    private CodecReturnCode Run(scoped ref Utf8JsonReader reader, out JsonMessageKind kind, out ReadOnlySpan<byte> rwf)
    {
        rwf = default;
        var header = new HeaderMembers();
        Msg msg = Msg.Create(MsgClass.Request, Rdm.DomainTypes.MarketPrice, 0);
        CodecReturnCode rc = ReadHeader(ref reader, ref msg, ref header, out kind);
        if (rc != CodecReturnCode.Success)
            return rc == CodecReturnCode.Failure ? rc : Fail($"RWF encoding failed ({rc})");
        if (kind != JsonMessageKind.Rwf)
            return rc;
        rc = ApplyDefaults(ref msg, in header);
        if (rc != CodecReturnCode.Success)
            return rc;
        while (true)
        {
            var enc = new RwfEncoder(_owner.Rwf);
            rc = Encode(ref enc, in msg);
            if (rc == CodecReturnCode.Success)
            {
                rwf = _owner.Rwf.AsSpan(0, enc.Position);
                return rc;
            }
            if (rc != CodecReturnCode.BufferTooSmall || _owner.Rwf.Length >= 16 * 1024 * 1024)
                return rc == CodecReturnCode.Failure ? rc : Fail($"RWF encoding failed ({rc})");
            _owner.GrowRwf();
        }
    }

    private CodecReturnCode Encode(ref RwfEncoder enc, scoped in Msg msg)
    {
        CodecReturnCode rc = MsgEncoder.EncodeInit(ref enc, msg, out MsgEncodeState state);
        if (rc == CodecReturnCode.EncodeMsgKeyAttrib)
        {
            rc = EncodeContainerAt(ref enc, _attribType, _attribAt);
            if (rc != CodecReturnCode.Success)
                return rc;
            rc = MsgEncoder.EncodeKeyAttribComplete(ref enc, msg, ref state, true);
        }
        if (rc == CodecReturnCode.EncodeContainer)
        {
            rc = _payloadLength >= 0
                ? enc.Writer.WriteBytes(_owner.Payload.AsSpan(0, _payloadLength))
                : EncodeContainerAt(ref enc, _payloadType, _payloadAt);
            if (rc != CodecReturnCode.Success)
                return rc;
        }
        else if (rc < CodecReturnCode.Success)
        {
            return rc;
        }
        return MsgEncoder.EncodeComplete(ref enc, ref state, true);
    }

    /// <summary>
    /// The message's payload, met during the pass with <paramref name="r"/> on its first token: encoded now into the
    /// payload buffer; when that is too small, skipped and left to be encoded from its offset into the message.
    /// </summary>
    private CodecReturnCode EncodePayloadInPass(scoped ref Utf8JsonReader r, int containerType)
    {
        _payloadType = containerType;
        _payloadAt = _base + (int)r.TokenStartIndex;
        if (_nested)
        {
            r.Skip();
            return CodecReturnCode.Success;
        }
        int depth = r.CurrentDepth;
        bool nested = r.TokenType is JsonTokenType.StartObject or JsonTokenType.StartArray;
        var enc = new RwfEncoder(_owner.Payload);
        CodecReturnCode rc = EncodeContainer(ref enc, containerType, ref r, 0);
        if (rc == CodecReturnCode.Success)
        {
            _payloadLength = enc.Position;
            return rc;
        }
        _payloadLength = -1;
        if (rc != CodecReturnCode.BufferTooSmall || !nested)
            return rc;
        _owner.GrowPayload();
        while (!(r.CurrentDepth == depth && r.TokenType is JsonTokenType.EndObject or JsonTokenType.EndArray) && r.Read())
        {
        }
        return CodecReturnCode.Success;
    }

    /// <summary>
    /// A message nested in the payload being encoded ("Message", the Msg container: a post's update), with
    /// <paramref name="r"/> on its StartObject; its RWF goes into <paramref name="enc"/> where it stands.
    /// </summary>
    private CodecReturnCode EncodeNestedMessage(ref RwfEncoder enc, scoped ref Utf8JsonReader r, int readerBase)
    {
        if (r.TokenType != JsonTokenType.StartObject)
            return WrongType("Message"u8, "an object", r.TokenType);
        var nested = new JsonMessageEncoder(_owner, _json) { _base = readerBase, _nested = true, _scratchUsed = _scratchUsed };
        var header = new HeaderMembers();
        Msg msg = Msg.Create(MsgClass.Request, Rdm.DomainTypes.MarketPrice, 0);
        CodecReturnCode rc = nested.ReadHeader(ref r, ref msg, ref header, out JsonMessageKind kind);
        _scratchUsed = nested._scratchUsed;
        if (rc != CodecReturnCode.Success)
            return rc;
        if (kind != JsonMessageKind.Rwf)
            return Fail("a nested 'Message' must be an OMM message, not a ping, pong or error");
        rc = nested.ApplyDefaults(ref msg, in header);
        if (rc == CodecReturnCode.Success)
            rc = nested.Encode(ref enc, in msg);
        _scratchUsed = nested._scratchUsed;
        return rc;
    }

    /// <summary>A reader positioned on the value that starts at <paramref name="offset"/>.</summary>
    private readonly Utf8JsonReader ReaderAt(int offset)
    {
        var reader = new Utf8JsonReader(_json[offset..]);
        reader.Read();
        return reader;
    }

    private readonly CodecReturnCode Fail(string reason) => _owner.Fail(reason);

    private readonly CodecReturnCode WrongType(ReadOnlySpan<byte> member, string expected, JsonTokenType actual) =>
        Fail($"'{Encoding.UTF8.GetString(member)}' must be {expected}, not {Describe(actual)}");

    private static string Describe(JsonTokenType type) => type switch
    {
        JsonTokenType.StartObject => "an object",
        JsonTokenType.StartArray => "an array",
        JsonTokenType.String => "a string",
        JsonTokenType.Number => "a number",
        JsonTokenType.True or JsonTokenType.False => "a boolean",
        JsonTokenType.Null => "null",
        _ => type.ToString(),
    };

    /// <summary>The current property name or string value, unescaped into scratch when it has escapes.</summary>
    private ReadOnlySpan<byte> Text(scoped ref Utf8JsonReader reader)
    {
        if (!reader.ValueIsEscaped)
            return reader.ValueSpan;
        Span<byte> space = _owner.Scratch.AsSpan(_scratchUsed);
        int length = reader.CopyString(space);
        _scratchUsed += length;
        return space[..length];
    }

    /// <summary>A base64 string value decoded into scratch.</summary>
    private CodecReturnCode Base64Value(scoped ref Utf8JsonReader reader, scoped ReadOnlySpan<byte> member, out ReadOnlySpan<byte> bytes)
    {
        bytes = default;
        if (reader.TokenType != JsonTokenType.String)
            return WrongType(member, "a base64 string", reader.TokenType);
        ReadOnlySpan<byte> text = Text(ref reader);
        Span<byte> space = _owner.Scratch.AsSpan(_scratchUsed);
        if (Base64.DecodeFromUtf8(text, space, out _, out int written) != OperationStatus.Done)
            return Fail($"'{Encoding.UTF8.GetString(member)}' is not valid base64");
        _scratchUsed += written;
        bytes = space[..written];
        return CodecReturnCode.Success;
    }

    private readonly CodecReturnCode Int32Value(scoped ref Utf8JsonReader reader, scoped ReadOnlySpan<byte> member, out int value)
    {
        value = 0;
        if (reader.TokenType != JsonTokenType.Number)
            return WrongType(member, "a number", reader.TokenType);
        return reader.TryGetInt32(out value) ? CodecReturnCode.Success : OutOfRange(ref reader, member);
    }

    private readonly CodecReturnCode UInt32Value(scoped ref Utf8JsonReader reader, scoped ReadOnlySpan<byte> member, out uint value)
    {
        value = 0;
        if (reader.TokenType != JsonTokenType.Number)
            return WrongType(member, "a number", reader.TokenType);
        return reader.TryGetUInt32(out value) ? CodecReturnCode.Success : OutOfRange(ref reader, member);
    }

    private readonly CodecReturnCode UInt16Value(scoped ref Utf8JsonReader reader, scoped ReadOnlySpan<byte> member, out ushort value)
    {
        value = 0;
        if (reader.TokenType != JsonTokenType.Number)
            return WrongType(member, "a number", reader.TokenType);
        return reader.TryGetUInt16(out value) ? CodecReturnCode.Success : OutOfRange(ref reader, member);
    }

    private readonly CodecReturnCode OutOfRange(scoped ref Utf8JsonReader reader, scoped ReadOnlySpan<byte> member) =>
        Fail($"'{Encoding.UTF8.GetString(member)}' is out of range: {Encoding.UTF8.GetString(reader.ValueSpan)}");

    private readonly CodecReturnCode Bool(scoped ref Utf8JsonReader reader, scoped ReadOnlySpan<byte> member, out sbyte value)
    {
        value = -1;
        if (reader.TokenType is not (JsonTokenType.True or JsonTokenType.False))
            return WrongType(member, "true or false", reader.TokenType);
        value = reader.TokenType == JsonTokenType.True ? (sbyte)1 : (sbyte)0;
        return CodecReturnCode.Success;
    }
}
