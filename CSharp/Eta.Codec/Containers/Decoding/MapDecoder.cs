namespace Eta.Codec;

/// <summary>
/// Walks a map in place.
/// <code>
/// flags(1) keyType(1) containerType(1) [keyFieldId(2)] [setDefs(u15rb len)] [summary(u15rb len)]
/// [totalCountHint(u30rb)] count(2)
/// entry: flags&lt;&lt;4|action(1) [perm(u15rb len)] key(u15rb len) [data(u16ob len), not for Delete or NoData]
/// </code>
/// </summary>
public ref struct MapDecoder
{
    private EntryCursor _cursor;
    private CountedContainerHeader _header;

    public MapFlags Flags { get; private set; }

    public int KeyPrimitiveType { get; private set; }

    public int ContainerType { get; private set; }

    public int KeyFieldId { get; private set; }

    public readonly int TotalCountHint => _header.TotalCountHint;

    public readonly int Count => _header.Count;

    /// <summary>Local set definitions (decode with LocalFieldSetDefDb / LocalElementSetDefDb).</summary>
    public readonly ReadOnlySpan<byte> EncodedSetDefs => _header.SetDefs;

    /// <summary>Summary data: a container of <see cref="ContainerType"/>.</summary>
    public readonly ReadOnlySpan<byte> EncodedSummaryData => _header.Summary;

    /// <summary>Reads the header: Success, NoData (empty payload) or IncompleteData.</summary>
    public static CodecReturnCode Decode(ReadOnlySpan<byte> data, out MapDecoder decoder)
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
    public CodecReturnCode Next(out MapEntry entry)
    {
        entry = default;
        CodecReturnCode rc = _cursor.Begin();
        if (rc != CodecReturnCode.Success)
            return rc;
        rc = _cursor.Reader.ReadByte(out byte flagsAndAction);
        var action = (MapEntryActions)(flagsAndAction & 0x0F);
        var flags = (MapEntryFlags)(flagsAndAction >> 4);
        ReadOnlySpan<byte> perm = default, key = default, data = default;
        if (rc == CodecReturnCode.Success && (Flags & MapFlags.HasPerEntryPermData) != 0 && (flags & MapEntryFlags.HasPermData) != 0)
            rc = _cursor.Reader.ReadBuffer15(out perm);
        if (rc == CodecReturnCode.Success)
            rc = _cursor.Reader.ReadBuffer15(out key);
        if (rc == CodecReturnCode.Success && action != MapEntryActions.Delete && ContainerType != DataTypes.NoData)
            rc = _cursor.Reader.ReadBuffer16(out data);
        if (_cursor.End(rc) != CodecReturnCode.Success)
            return rc;
        entry = new MapEntry(action, flags, perm, key, data);
        return CodecReturnCode.Success;
    }

    private CodecReturnCode ReadHeader(ReadOnlySpan<byte> data)
    {
        var reader = new RwfReader(data);
        if (reader.ReadByte(out byte flags) != CodecReturnCode.Success
            || reader.ReadByte(out byte keyType) != CodecReturnCode.Success
            || reader.ReadByte(out byte containerType) != CodecReturnCode.Success)
            return CodecReturnCode.IncompleteData;
        Flags = (MapFlags)flags;
        KeyPrimitiveType = keyType;
        ContainerType = DataTypes.FromWireContainerType(containerType);
        if ((Flags & MapFlags.HasKeyFieldId) != 0)
        {
            if (reader.ReadInt16(out short keyFieldId) != CodecReturnCode.Success)
                return CodecReturnCode.IncompleteData;
            KeyFieldId = keyFieldId;
        }
        CodecReturnCode rc = CountedContainerHeader.Read(ref reader, (Flags & MapFlags.HasSetDefs) != 0,
            (Flags & MapFlags.HasSummaryData) != 0, (Flags & MapFlags.HasTotalCountHint) != 0, out _header);
        if (rc != CodecReturnCode.Success)
            return rc;
        _cursor = new EntryCursor(reader.ReadToEnd(), Count);
        return CodecReturnCode.Success;
    }
}
