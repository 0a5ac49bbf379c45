namespace Eta.Codec;

/// <summary>
/// Walks a filter list in place.
/// <code>
/// flags(1) containerType(1) [totalCountHint(1)] count(1)
/// entry: flags&lt;&lt;4|action(1) id(1) [containerType(1)] [perm(u15rb len)] [data(u16ob len), not for CLEAR/NO_DATA]
/// </code>
/// </summary>
public ref struct FilterListDecoder
{
    private EntryCursor _cursor;

    public FilterListFlags Flags { get; private set; }

    public int ContainerType { get; private set; }

    public int TotalCountHint { get; private set; }

    public int Count { get; private set; }

    /// <summary>Reads the header: SUCCESS, NO_DATA (empty payload) or INCOMPLETE_DATA.</summary>
    public static CodecReturnCode Decode(ReadOnlySpan<byte> data, out FilterListDecoder decoder)
    {
        decoder = default;
        if (data.IsEmpty)
            return CodecReturnCode.NO_DATA;
        CodecReturnCode rc = decoder.ReadHeader(data);
        if (rc != CodecReturnCode.SUCCESS)
            decoder._cursor = EntryCursor.Failed(rc);
        return rc;
    }

    /// <summary>The next entry, or END_OF_CONTAINER after the last one.</summary>
    public CodecReturnCode Next(out FilterEntry entry)
    {
        entry = default;
        CodecReturnCode rc = _cursor.Begin();
        if (rc != CodecReturnCode.SUCCESS)
            return rc;
        rc = _cursor.Reader.ReadByte(out byte flagsAndAction);
        var action = (FilterEntryActions)(flagsAndAction & 0x0F);
        var flags = (FilterEntryFlags)(flagsAndAction >> 4);
        byte id = 0, ownType = 0;
        ReadOnlySpan<byte> perm = default, data = default;
        if (rc == CodecReturnCode.SUCCESS)
            rc = _cursor.Reader.ReadByte(out id);
        int containerType = ContainerType;
        if (rc == CodecReturnCode.SUCCESS && (flags & FilterEntryFlags.HAS_CONTAINER_TYPE) != 0)
        {
            rc = _cursor.Reader.ReadByte(out ownType);
            containerType = DataTypes.FromWireContainerType(ownType);
        }
        if (rc == CodecReturnCode.SUCCESS && (Flags & FilterListFlags.HAS_PER_ENTRY_PERM_DATA) != 0 && (flags & FilterEntryFlags.HAS_PERM_DATA) != 0)
            rc = _cursor.Reader.ReadBuffer15(out perm);
        if (rc == CodecReturnCode.SUCCESS && action != FilterEntryActions.CLEAR && containerType != DataTypes.NO_DATA)
            rc = _cursor.Reader.ReadBuffer16(out data);
        if (_cursor.End(rc) != CodecReturnCode.SUCCESS)
            return rc;
        entry = new FilterEntry(id, action, flags, containerType, perm, data);
        return CodecReturnCode.SUCCESS;
    }

    private CodecReturnCode ReadHeader(ReadOnlySpan<byte> data)
    {
        var reader = new RwfReader(data);
        if (reader.ReadByte(out byte flags) != CodecReturnCode.SUCCESS
            || reader.ReadByte(out byte containerType) != CodecReturnCode.SUCCESS)
            return CodecReturnCode.INCOMPLETE_DATA;
        Flags = (FilterListFlags)flags;
        ContainerType = DataTypes.FromWireContainerType(containerType);
        byte hint = 0;
        if ((Flags & FilterListFlags.HAS_TOTAL_COUNT_HINT) != 0 && reader.ReadByte(out hint) != CodecReturnCode.SUCCESS)
            return CodecReturnCode.INCOMPLETE_DATA;
        TotalCountHint = hint;
        if (reader.ReadByte(out byte count) != CodecReturnCode.SUCCESS)
            return CodecReturnCode.INCOMPLETE_DATA;
        Count = count;
        _cursor = new EntryCursor(reader.ReadToEnd(), Count);
        return CodecReturnCode.SUCCESS;
    }
}
