using Eta.Codec.Rdm;

namespace Eta.Codec;

// The dictionary domain: sending this dictionary as refresh payloads, and filling it from received ones.
public sealed partial class DataDictionary
{
    private LocalElementSetDefDb? _setDefinitionScratch;

    /// <summary>Set definitions of the payload being decoded, reused across parts (decoding is single-threaded).</summary>
    internal LocalElementSetDefDb SetDefinitionScratch => _setDefinitionScratch ??= new LocalElementSetDefDb();

    /// <summary>
    /// Encodes the next part of the field dictionary as a refresh payload (a series) at the encoder's position.
    /// Start with <paramref name="currentFid"/> = <see cref="MinFieldId"/>; each call advances it past the fields
    /// it wrote.
    /// </summary>
    /// <returns>
    /// Success for the final part, DictPartEncoded when more parts follow (send this one, call again with a fresh
    /// buffer), BufferTooSmall when not even one field fits, Failure otherwise; failures set
    /// <paramref name="error"/> and leave nothing of the series in the buffer.
    /// </returns>
    public CodecReturnCode EncodeFieldDictionary(ref RwfEncoder encoder, ref int currentFid, DictionaryVerbosity verbosity,
        out DictionaryError? error) =>
        FieldDictionaryEncoder.Encode(this, ref encoder, ref currentFid, verbosity, out error);

    /// <summary>
    /// Encodes the next part of the enum tables as a refresh payload (a series) at the encoder's position. Start with
    /// <paramref name="currentTable"/> = 0; each call advances it past the tables it wrote.
    /// </summary>
    /// <returns>As <see cref="EncodeFieldDictionary"/>.</returns>
    public CodecReturnCode EncodeEnumTypeDictionary(ref RwfEncoder encoder, ref int currentTable, DictionaryVerbosity verbosity,
        out DictionaryError? error) =>
        EnumDictionaryEncoder.Encode(this, ref encoder, ref currentTable, verbosity, out error);

    /// <summary>
    /// Adds the fields of one received field dictionary refresh payload (the message's series). Call for every part,
    /// in order; <paramref name="verbosity"/> is what was requested (ENUMLENGTH and LONGNAME are read from NORMAL up).
    /// </summary>
    /// <returns>
    /// Success, IncompleteData for a truncated payload, or Failure; failures set <paramref name="error"/> saying which
    /// entry and what was wrong (entries before it have been added).
    /// </returns>
    public CodecReturnCode DecodeFieldDictionary(ReadOnlySpan<byte> payload, DictionaryVerbosity verbosity,
        out DictionaryError? error)
    {
        error = FieldDictionaryDecoder.Decode(this, payload, verbosity);
        return error?.Code ?? CodecReturnCode.Success;
    }

    /// <summary>
    /// Adds the enum tables of one received enum dictionary refresh payload. Call for every part, in order; MEANING
    /// (not sent by LSEG or this encoder) is read at VERBOSE when present.
    /// </summary>
    /// <returns>
    /// Success, IncompleteData for a truncated payload, or Failure; failures set <paramref name="error"/> saying which
    /// entry and what was wrong (entries before it have been added).
    /// </returns>
    public CodecReturnCode DecodeEnumTypeDictionary(ReadOnlySpan<byte> payload, DictionaryVerbosity verbosity,
        out DictionaryError? error)
    {
        error = EnumDictionaryDecoder.Decode(this, payload, verbosity);
        return error?.Code ?? CodecReturnCode.Success;
    }

    /// <summary>
    /// Reads which kind of dictionary a refresh payload carries from its summary data (present in the first part),
    /// so a consumer knows whether to call <see cref="DecodeFieldDictionary"/> or <see cref="DecodeEnumTypeDictionary"/>.
    /// </summary>
    public static CodecReturnCode ExtractDictionaryType(ReadOnlySpan<byte> payload, out ulong type,
        out DictionaryError? error)
    {
        string? problem = DictionaryPayload.ReadType(payload, out type);
        error = problem is null ? null : new DictionaryError("dictionary payload", 0, problem);
        return error is null ? CodecReturnCode.Success : CodecReturnCode.Failure;
    }
}
