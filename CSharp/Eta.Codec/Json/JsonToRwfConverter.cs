namespace Eta.Codec.Json;

/// <summary>What one JSON message of a payload turned out to be.</summary>
public enum JsonMessageKind
{
    /// <summary>An OMM message: its RWF encoding is handed out.</summary>
    Rwf,
    /// <summary>LSEG's JSON ping, {"Type":"Ping"}: the receiver answers {"Type":"Pong"}.</summary>
    Ping,
    /// <summary>LSEG's JSON pong, {"Type":"Pong"}.</summary>
    Pong,
    /// <summary>An error report from the peer's converter, {"Type":"Error","Text":...}.</summary>
    Error,
}

/// <summary>Looks a service up by name (the JSON model lets "Service" be a name or an id).</summary>
public delegate bool ServiceNameLookup(ReadOnlySpan<byte> serviceName, out int serviceId);

/// <summary>
/// Converts LSEG's simplified JSON message model (tr_json2) to RWF. A payload is one JSON message object or an
/// array of them; <see cref="Read"/> walks it and hands out each message's RWF encoding (valid until the next
/// message). One instance per thread; steady state allocates nothing once its buffers have grown to the largest
/// message. Bad input is a <see cref="CodecReturnCode.Failure"/> with <see cref="LastError"/> naming the problem.
/// </summary>
/// <remarks>
/// Defaults for members left out follow LSEG's converter (RTSDK 2.1.2 Cpp-C/Eta/Impl/Converter jsonToRwfSimple.C):
/// "Type" Request, "Domain" MarketPrice; requests stream and want the key in updates (not for Login and
/// Dictionary); refreshes are solicited, complete and clear the cache; generic and post messages are complete.
/// </remarks>
public sealed class JsonToRwfConverter
{
    internal byte[] Rwf;
    internal byte[] Payload = new byte[16 * 1024];
    internal byte[] Scratch = new byte[1024];
    internal readonly byte[] Value = new byte[64];

    public JsonToRwfConverter(JsonFieldNames fields, int initialMessageSize = 16 * 1024)
    {
        Fields = fields;
        Rwf = new byte[Math.Max(256, initialMessageSize)];
    }

    public JsonFieldNames Fields { get; }

    /// <summary>Resolves "Service" given as a name; without it a name is an error.</summary>
    public ServiceNameLookup? ServiceNameLookup { get; set; }

    /// <summary>Service id for a request whose key has no "Service" (LSEG's default service id), or null.</summary>
    public int? DefaultServiceId { get; set; }

    /// <summary>
    /// A request without "Qos" asks for the best QoS LSEG's converter offers: realtime tick-by-tick, worst
    /// delayed-unknown time-conflated (its RSSL_JSON_CPC_USE_DEFAULT_DYNAMIC_QOS, which LSEG's perf tools set).
    /// </summary>
    public bool DefaultRequestQos { get; set; }

    /// <summary>Why the last message failed to convert, or for <see cref="JsonMessageKind.Error"/> the peer's text.</summary>
    public string? LastError { get; internal set; }

    /// <summary>Starts reading a payload (one WebSocket message).</summary>
    public JsonMessageReader Read(ReadOnlySpan<byte> payload) => new(this, payload);

    /// <summary>Converts a payload holding exactly one message.</summary>
    public CodecReturnCode ConvertSingle(ReadOnlySpan<byte> payload, out JsonMessageKind kind, out ReadOnlySpan<byte> rwf)
    {
        JsonMessageReader reader = Read(payload);
        CodecReturnCode rc = reader.Next(out kind, out rwf);
        if (rc == CodecReturnCode.EndOfContainer)
        {
            LastError = "the payload holds no message";
            return CodecReturnCode.Failure;
        }
        return rc;
    }

    internal void EnsureScratch(int jsonLength)
    {
        int needed = 2 * jsonLength + 256;
        if (Scratch.Length < needed)
            Scratch = new byte[needed];
    }

    internal void GrowRwf() => Rwf = new byte[Rwf.Length * 2];

    internal void GrowPayload() => Payload = new byte[Payload.Length * 2];

    // The field names of the last field list, by position: successive updates list the same fields in the same
    // order, so a name is mostly found by comparing it with the one at its position, without hashing.
    private const int CachedPositions = 256;
    private const int CachedNameLength = 32;
    private readonly byte[] _cachedNames = new byte[CachedPositions * CachedNameLength];
    private readonly byte[] _cachedLengths = new byte[CachedPositions];
    private readonly DictionaryEntry?[] _cachedFields = new DictionaryEntry?[CachedPositions];

    /// <summary>The field named <paramref name="name"/>, the <paramref name="position"/>-th of its field list.</summary>
    internal bool TryFindField(ReadOnlySpan<byte> name, int position, out DictionaryEntry? field)
    {
        if ((uint)position >= CachedPositions || name.Length > CachedNameLength)
            return Fields.TryFind(name, out field);
        Span<byte> cached = _cachedNames.AsSpan(position * CachedNameLength, CachedNameLength);
        field = _cachedFields[position];
        if (field is not null && name.SequenceEqual(cached[.._cachedLengths[position]]))
            return true;
        if (!Fields.TryFind(name, out field))
            return false;
        name.CopyTo(cached);
        _cachedLengths[position] = (byte)name.Length;
        _cachedFields[position] = field;
        return true;
    }

    // The display text an expanded enum had at each position last time, and its value: LSEG's ProvPerf sends the
    // same few texts again and again.
    private const int CachedDisplayLength = 16;
    private readonly byte[] _cachedDisplays = new byte[CachedPositions * CachedDisplayLength];
    private readonly sbyte[] _cachedDisplayLengths = CreateUnset();
    private readonly ushort[] _cachedEnumValues = new ushort[CachedPositions];

    private static sbyte[] CreateUnset()
    {
        var lengths = new sbyte[CachedPositions];
        Array.Fill(lengths, (sbyte)-1);
        return lengths;
    }

    /// <summary>The value of the enumerated field <paramref name="field"/> (at <paramref name="position"/>) shown as <paramref name="display"/>.</summary>
    internal bool TryFindEnum(DictionaryEntry field, ReadOnlySpan<byte> display, int position, out ushort value)
    {
        if ((uint)position >= CachedPositions || display.Length > CachedDisplayLength)
            return Fields.TryFindEnum(field, display, out value);
        Span<byte> cached = _cachedDisplays.AsSpan(position * CachedDisplayLength, CachedDisplayLength);
        // The position's field is the same as last time (TryFindField just compared its name), so text decides.
        if (_cachedDisplayLengths[position] == display.Length && ReferenceEquals(_cachedFields[position], field)
            && display.SequenceEqual(cached[..display.Length]))
        {
            value = _cachedEnumValues[position];
            return true;
        }
        if (!Fields.TryFindEnum(field, display, out value))
            return false;
        display.CopyTo(cached);
        _cachedDisplayLengths[position] = (sbyte)display.Length;
        _cachedEnumValues[position] = value;
        return true;
    }

    internal CodecReturnCode Fail(string reason)
    {
        LastError = reason;
        return CodecReturnCode.Failure;
    }
}
