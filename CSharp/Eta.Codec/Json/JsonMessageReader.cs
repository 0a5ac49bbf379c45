using System.Text.Json;

namespace Eta.Codec.Json;

/// <summary>
/// Walks one JSON payload (a message object or an array of them), converting each message when it is reached.
/// </summary>
public ref struct JsonMessageReader
{
    private readonly JsonToRwfConverter _owner;
    private readonly ReadOnlySpan<byte> _payload;
    private Utf8JsonReader _reader;
    private bool _started;
    private bool _isArray;
    private bool _done;

    internal JsonMessageReader(JsonToRwfConverter owner, ReadOnlySpan<byte> payload)
    {
        _owner = owner;
        _payload = payload;
        _reader = new Utf8JsonReader(payload, new JsonReaderOptions { CommentHandling = JsonCommentHandling.Disallow });
        _started = false;
        _isArray = false;
        _done = false;
    }

    /// <summary>
    /// The next message: Success with its kind (and for <see cref="JsonMessageKind.Rwf"/> its encoding, valid until
    /// the next call), EndOfContainer when the payload is done, Failure when it is malformed or a message cannot
    /// be converted (<see cref="JsonToRwfConverter.LastError"/> says why; the rest of the payload is not read).
    /// </summary>
    public CodecReturnCode Next(out JsonMessageKind kind, out ReadOnlySpan<byte> rwf)
    {
        kind = JsonMessageKind.Rwf;
        rwf = default;
        if (_done)
            return CodecReturnCode.EndOfContainer;
        try
        {
            if (!_started)
            {
                _started = true;
                if (_payload.Trim(" \t\r\n"u8).IsEmpty)
                    return Stop("the payload is empty");
                if (!_reader.Read())
                    return Stop("the payload is empty");
                if (_reader.TokenType == JsonTokenType.StartArray)
                    _isArray = true;
                else if (_reader.TokenType != JsonTokenType.StartObject)
                    return Stop($"a JSON message must be an object or an array of objects, not {_reader.TokenType}");
            }
            if (_isArray)
            {
                if (!_reader.Read())
                    return Stop("the message array is not closed");
                if (_reader.TokenType == JsonTokenType.EndArray)
                {
                    _done = true;
                    return CodecReturnCode.EndOfContainer;
                }
                if (_reader.TokenType != JsonTokenType.StartObject)
                    return Stop($"an element of the message array is {_reader.TokenType}, not an object");
            }

            CodecReturnCode rc = JsonMessageEncoder.Convert(_owner, _payload, ref _reader, out kind, out rwf);
            if (rc != CodecReturnCode.Success)
            {
                _done = true;
                return rc;
            }
            if (!_isArray)
            {
                // A single object: nothing may follow it but whitespace.
                if (_reader.Read())
                    return Stop($"unexpected {_reader.TokenType} after the message object");
                _done = true;
            }
            return rc;
        }
        catch (JsonException ex)
        {
            return Stop($"malformed JSON: {ex.Message}");
        }
    }

    private CodecReturnCode Stop(string reason)
    {
        _done = true;
        return _owner.Fail(reason);
    }
}
