namespace Eta.Codec;

/// <summary>
/// Walks a filter list in place.
/// <code>
/// flags(1) containerType(1) [totalCountHint(1)] count(1)
/// entry: flags&lt;&lt;4|action(1) id(1) [containerType(1)] [perm(u15rb len)] [data(u16ob len), not for Clear/NoData]
/// </code>
/// </summary>
public ref struct FilterListDecoder
{
    private EntryCursor _cursor;

    public FilterListFlags Flags { get; private set; }

    public int ContainerType { get; private set; }

    public int TotalCountHint { get; private set; }

    public int Count { get; private set; }

    /// <summary>Reads the header: Success, NoData (empty payload) or IncompleteData.</summary>
    public static CodecReturnCode Decode(ReadOnlySpan<byte> data, out FilterListDecoder decoder)
    {
        decoder = default;
        if (data.IsEmpty)
            return CodecReturnCode.NoData;
        CodecReturnCode rc = decoder.ReadHeader(data);
        if (rc != CodecReturnCode.Success)
            decoder._cursor = EntryCursor.Failed(rc);
        return rc;
    }

    /// <summary>The next entry, or EndOfContainer after the last one.</summary>
    public CodecReturnCode Next(out FilterEntry entry)
    {
        entry = default;
        CodecReturnCode rc = _cursor.Begin();
        if (rc != CodecReturnCode.Success)
            return rc;
        rc = _cursor.Reader.ReadByte(out byte flagsAndAction);
        var action = (FilterEntryActions)(flagsAndAction & 0x0F);
        var flags = (FilterEntryFlags)(flagsAndAction >> 4);
        byte id = 0, ownType = 0;
        ReadOnlySpan<byte> perm = default, data = default;
        if (rc == CodecReturnCode.Success)
            rc = _cursor.Reader.ReadByte(out id);
        int containerType = ContainerType;
        if (rc == CodecReturnCode.Success && (flags & FilterEntryFlags.HasContainerType) != 0)
        {
            rc = _cursor.Reader.ReadByte(out ownType);
            containerType = DataTypes.FromWireContainerType(ownType);
        }
        if (rc == CodecReturnCode.Success && (Flags & FilterListFlags.HasPerEntryPermData) != 0 && (flags & FilterEntryFlags.HasPermData) != 0)
            rc = _cursor.Reader.ReadBuffer15(out perm);
        if (rc == CodecReturnCode.Success && action != FilterEntryActions.Clear && containerType != DataTypes.NoData)
            rc = _cursor.Reader.ReadBuffer16(out data);
        if (_cursor.End(rc) != CodecReturnCode.Success)
            return rc;
        entry = new FilterEntry(id, action, flags, containerType, perm, data);
        return CodecReturnCode.Success;
    }

    private CodecReturnCode ReadHeader(ReadOnlySpan<byte> data)
    {
        var reader = new RwfReader(data);
        if (reader.ReadByte(out byte flags) != CodecReturnCode.Success
            || reader.ReadByte(out byte containerType) != CodecReturnCode.Success)
            return CodecReturnCode.IncompleteData;
        Flags = (FilterListFlags)flags;
        ContainerType = DataTypes.FromWireContainerType(containerType);
        byte hint = 0;
        if ((Flags & FilterListFlags.HasTotalCountHint) != 0 && reader.ReadByte(out hint) != CodecReturnCode.Success)
            return CodecReturnCode.IncompleteData;
        TotalCountHint = hint;
        if (reader.ReadByte(out byte count) != CodecReturnCode.Success)
            return CodecReturnCode.IncompleteData;
        Count = count;
        _cursor = new EntryCursor(reader.ReadToEnd(), Count);
        return CodecReturnCode.Success;
    }
}
