namespace Eta.Codec;

/// <summary>
/// Result of an encode or decode call. Values and names are LSEG's (ETA), so logs and users speak the same language:
/// negative values are failures, zero and positive values are successes (some carry extra meaning).
/// </summary>
public enum CodecReturnCode
{
    /// <summary>A value encoded into a set-defined entry does not fit the type the set definition gives it.</summary>
    VALUE_OUT_OF_RANGE = -34,

    /// <summary>Containers are nested deeper than the encoder supports.</summary>
    ITERATOR_OVERRUN = -33,

    /// <summary>A set definition database holds the same set id twice.</summary>
    DUPLICATE_LOCAL_SET_DEFS = -32,

    /// <summary>More local set definitions than allowed.</summary>
    TOO_MANY_LOCAL_SET_DEFS = -31,

    /// <summary>A local set definition is malformed (e.g. its set id is out of range).</summary>
    ILLEGAL_LOCAL_SET_DEF = -30,

    /// <summary>The input is structurally wrong (impossible length, unknown type, bad value).</summary>
    INVALID_DATA = -29,

    /// <summary>Set-defined data needs a set definition that was not provided.</summary>
    SET_DEF_NOT_PROVIDED = -27,

    /// <summary>The input ends before the item being decoded does.</summary>
    INCOMPLETE_DATA = -26,

    /// <summary>An encode call came out of sequence (e.g. an entry outside any container).</summary>
    UNEXPECTED_ENCODER_CALL = -25,

    /// <summary>The data type is not valid here (e.g. a primitive where a container is required).</summary>
    UNSUPPORTED_DATA_TYPE = -24,

    /// <summary>No encoder exists for this type in this place.</summary>
    ENCODING_UNAVAILABLE = -23,

    /// <summary>An argument is out of range or inconsistent.</summary>
    INVALID_ARGUMENT = -22,

    /// <summary>The caller's buffer is too small; nothing was written past its end. Retry with a larger buffer.</summary>
    BUFFER_TOO_SMALL = -21,

    /// <summary>The protocol version is not supported.</summary>
    VERSION_NOT_SUPPORTED = -16,

    /// <summary>General failure.</summary>
    FAILURE = -1,

    /// <summary>General success.</summary>
    SUCCESS = 0,

    /// <summary>Part of a dictionary was encoded; more parts follow.</summary>
    DICT_PART_ENCODED = 10,

    /// <summary>Message header encoded; now encode the msgKey attributes.</summary>
    ENCODE_MSG_KEY_ATTRIB = 11,

    /// <summary>Message header encoded; now encode the extended header.</summary>
    ENCODE_EXTENDED_HEADER = 12,

    /// <summary>Header encoded; now encode the container payload.</summary>
    ENCODE_CONTAINER = 13,

    /// <summary>Decoding reached the end of the container: no more entries.</summary>
    END_OF_CONTAINER = 14,

    /// <summary>The decoded primitive is blank.</summary>
    BLANK_DATA = 15,

    /// <summary>The container was decoded from an empty payload.</summary>
    NO_DATA = 16,

    /// <summary>The entry completed the set-defined part; further entries are standard.</summary>
    SET_COMPLETE = 17,

    /// <summary>Set-defined data was skipped because no set definition was available.</summary>
    SET_SKIPPED = 18,

    /// <summary>A set definition database decoded but held no definitions.</summary>
    SET_DEF_DB_EMPTY = 19,
}

/// <summary>Helpers over <see cref="CodecReturnCode"/>.</summary>
public static class CodecReturnCodeExtensions
{
    /// <summary>True for every failure code (all negative values).</summary>
    public static bool IsFailure(this CodecReturnCode code) => code < CodecReturnCode.SUCCESS;
}
