namespace Eta.Codec;

/// <summary>
/// The part of field and element lists after their info: both use the same flag bits for it.
/// <code>
/// [setId(u15rb), HAS_SET_ID] [setData, HAS_SET_DATA: u15rb-length-prefixed when standard data follows,
/// else to the end] [count(2) entries, HAS_STANDARD_DATA]
/// </code>
/// </summary>
internal ref struct ListBody
{
    private const byte HasSetData = 0x02;
    private const byte HasSetId = 0x04;
    private const byte HasStandardData = 0x08;

    public int SetId;
    public ReadOnlySpan<byte> SetData;
    public int StandardCount;
    public ReadOnlySpan<byte> StandardEntries;

    public static bool HasSet(byte flags) => (flags & HasSetData) != 0;

    public CodecReturnCode Read(scoped ref RwfReader reader, byte flags)
    {
        bool hasStandard = (flags & HasStandardData) != 0;
        if (HasSet(flags))
        {
            if ((flags & HasSetId) != 0 && reader.ReadU15rb(out SetId) != CodecReturnCode.SUCCESS)
                return CodecReturnCode.INCOMPLETE_DATA;
            if (!hasStandard)
                SetData = reader.ReadToEnd();
            else if (reader.ReadBuffer15(out SetData) != CodecReturnCode.SUCCESS)
                return CodecReturnCode.INCOMPLETE_DATA;
        }
        if (hasStandard)
        {
            if (reader.ReadUInt16(out ushort count) != CodecReturnCode.SUCCESS)
                return CodecReturnCode.INCOMPLETE_DATA;
            StandardCount = count;
            StandardEntries = reader.ReadToEnd();
        }
        return CodecReturnCode.SUCCESS;
    }
}
