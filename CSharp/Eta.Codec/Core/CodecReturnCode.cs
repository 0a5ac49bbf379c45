namespace Eta.Codec;

/// <summary>
/// Result of an encode or decode call. Values and names are LSEG's (ETA), so logs and users speak the same language:
/// negative values are failures, zero and positive values are successes (some carry extra meaning).
/// </summary>
public enum CodecReturnCode
{
    /// <summary>A value encoded into a set-defined entry does not fit the type the set definition gives it.</summary>
    /// <remarks>LSEG: CodecReturnCode.VALUE_OUT_OF_RANGE</remarks>
    ValueOutOfRange = -34,

    /// <summary>Containers are nested deeper than the encoder supports.</summary>
    /// <remarks>LSEG: CodecReturnCode.ITERATOR_OVERRUN</remarks>
    IteratorOverrun = -33,

    /// <summary>A set definition database holds the same set id twice.</summary>
    /// <remarks>LSEG: CodecReturnCode.DUPLICATE_LOCAL_SET_DEFS</remarks>
    DuplicateLocalSetDefs = -32,

    /// <summary>More local set definitions than allowed.</summary>
    /// <remarks>LSEG: CodecReturnCode.TOO_MANY_LOCAL_SET_DEFS</remarks>
    TooManyLocalSetDefs = -31,

    /// <summary>A local set definition is malformed (e.g. its set id is out of range).</summary>
    /// <remarks>LSEG: CodecReturnCode.ILLEGAL_LOCAL_SET_DEF</remarks>
    IllegalLocalSetDef = -30,

    /// <summary>The input is structurally wrong (impossible length, unknown type, bad value).</summary>
    /// <remarks>LSEG: CodecReturnCode.INVALID_DATA</remarks>
    InvalidData = -29,

    /// <summary>Set-defined data needs a set definition that was not provided.</summary>
    /// <remarks>LSEG: CodecReturnCode.SET_DEF_NOT_PROVIDED</remarks>
    SetDefNotProvided = -27,

    /// <summary>The input ends before the item being decoded does.</summary>
    /// <remarks>LSEG: CodecReturnCode.INCOMPLETE_DATA</remarks>
    IncompleteData = -26,

    /// <summary>An encode call came out of sequence (e.g. an entry outside any container).</summary>
    /// <remarks>LSEG: CodecReturnCode.UNEXPECTED_ENCODER_CALL</remarks>
    UnexpectedEncoderCall = -25,

    /// <summary>The data type is not valid here (e.g. a primitive where a container is required).</summary>
    /// <remarks>LSEG: CodecReturnCode.UNSUPPORTED_DATA_TYPE</remarks>
    UnsupportedDataType = -24,

    /// <summary>No encoder exists for this type in this place.</summary>
    /// <remarks>LSEG: CodecReturnCode.ENCODING_UNAVAILABLE</remarks>
    EncodingUnavailable = -23,

    /// <summary>An argument is out of range or inconsistent.</summary>
    /// <remarks>LSEG: CodecReturnCode.INVALID_ARGUMENT</remarks>
    InvalidArgument = -22,

    /// <summary>The caller's buffer is too small; nothing was written past its end. Retry with a larger buffer.</summary>
    /// <remarks>LSEG: CodecReturnCode.BUFFER_TOO_SMALL</remarks>
    BufferTooSmall = -21,

    /// <summary>The protocol version is not supported.</summary>
    /// <remarks>LSEG: CodecReturnCode.VERSION_NOT_SUPPORTED</remarks>
    VersionNotSupported = -16,

    /// <summary>General failure.</summary>
    /// <remarks>LSEG: CodecReturnCode.FAILURE</remarks>
    Failure = -1,

    /// <summary>General success.</summary>
    /// <remarks>LSEG: CodecReturnCode.SUCCESS</remarks>
    Success = 0,

    /// <summary>Part of a dictionary was encoded; more parts follow.</summary>
    /// <remarks>LSEG: CodecReturnCode.DICT_PART_ENCODED</remarks>
    DictPartEncoded = 10,

    /// <summary>Message header encoded; now encode the msgKey attributes.</summary>
    /// <remarks>LSEG: CodecReturnCode.ENCODE_MSG_KEY_ATTRIB</remarks>
    EncodeMsgKeyAttrib = 11,

    /// <summary>Message header encoded; now encode the extended header.</summary>
    /// <remarks>LSEG: CodecReturnCode.ENCODE_EXTENDED_HEADER</remarks>
    EncodeExtendedHeader = 12,

    /// <summary>Header encoded; now encode the container payload.</summary>
    /// <remarks>LSEG: CodecReturnCode.ENCODE_CONTAINER</remarks>
    EncodeContainer = 13,

    /// <summary>Decoding reached the end of the container: no more entries.</summary>
    /// <remarks>LSEG: CodecReturnCode.END_OF_CONTAINER</remarks>
    EndOfContainer = 14,

    /// <summary>The decoded primitive is blank.</summary>
    /// <remarks>LSEG: CodecReturnCode.BLANK_DATA</remarks>
    BlankData = 15,

    /// <summary>The container was decoded from an empty payload.</summary>
    /// <remarks>LSEG: CodecReturnCode.NO_DATA</remarks>
    NoData = 16,

    /// <summary>The entry completed the set-defined part; further entries are standard.</summary>
    /// <remarks>LSEG: CodecReturnCode.SET_COMPLETE</remarks>
    SetComplete = 17,

    /// <summary>Set-defined data was skipped because no set definition was available.</summary>
    /// <remarks>LSEG: CodecReturnCode.SET_SKIPPED</remarks>
    SetSkipped = 18,

    /// <summary>A set definition database decoded but held no definitions.</summary>
    /// <remarks>LSEG: CodecReturnCode.SET_DEF_DB_EMPTY</remarks>
    SetDefDbEmpty = 19,
}

/// <summary>Helpers over <see cref="CodecReturnCode"/>.</summary>
public static class CodecReturnCodeExtensions
{
    /// <summary>True for every failure code (all negative values).</summary>
    public static bool IsFailure(this CodecReturnCode code) => code < CodecReturnCode.Success;
}
