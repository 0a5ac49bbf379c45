namespace Eta.Codec;

/// <summary>
/// Walks a map in place.
/// <code>
/// flags(1) keyType(1) containerType(1) [keyFieldId(2)] [setDefs(u15rb len)] [summary(u15rb len)]
/// [totalCountHint(u30rb)] count(2)
/// entry: flags&lt;&lt;4|action(1) [perm(u15rb len)] key(u15rb len) [data(u16ob len), not for DELETE or NO_DATA]
/// </code>
/// </summary>
public ref struct MapDecoder
{
    private EntryCursor _cursor;

    public MapFlags Flags { get; private set; }

    public int KeyPrimitiveType { get; private set; }

    public int ContainerType { get; private set; }

    public int KeyFieldId { get; private set; }

    public int TotalCountHint { get; private set; }

    public int Count { get; private set; }

    /// <summary>Local set definitions (decode with LocalFieldSetDefDb / LocalElementSetDefDb).</summary>
    public ReadOnlySpan<byte> EncodedSetDefs { get; private set; }

    /// <summary>Summary data: a container of <see cref="ContainerType"/>.</summary>
    public ReadOnlySpan<byte> EncodedSummaryData { get; private set; }

    /// <summary>Reads the header: SUCCESS, NO_DATA (empty payload) or INCOMPLETE_DATA.</summary>
    public static CodecReturnCode Decode(ReadOnlySpan<byte> data, out MapDecoder decoder)
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
    public CodecReturnCode Next(out MapEntry entry)
    {
        entry = default;
        CodecReturnCode rc = _cursor.Begin();
        if (rc != CodecReturnCode.SUCCESS)
            return rc;
        rc = _cursor.Reader.ReadByte(out byte flagsAndAction);
        var action = (MapEntryActions)(flagsAndAction & 0x0F);
        var flags = (MapEntryFlags)(flagsAndAction >> 4);
        ReadOnlySpan<byte> perm = default, key = default, data = default;
        if (rc == CodecReturnCode.SUCCESS && (Flags & MapFlags.HAS_PER_ENTRY_PERM_DATA) != 0 && (flags & MapEntryFlags.HAS_PERM_DATA) != 0)
            rc = _cursor.Reader.ReadBuffer15(out perm);
        if (rc == CodecReturnCode.SUCCESS)
            rc = _cursor.Reader.ReadBuffer15(out key);
        if (rc == CodecReturnCode.SUCCESS && action != MapEntryActions.DELETE && ContainerType != DataTypes.NO_DATA)
            rc = _cursor.Reader.ReadBuffer16(out data);
        if (_cursor.End(rc) != CodecReturnCode.SUCCESS)
            return rc;
        entry = new MapEntry(action, flags, perm, key, data);
        return CodecReturnCode.SUCCESS;
    }

    private CodecReturnCode ReadHeader(ReadOnlySpan<byte> data)
    {
        var reader = new RwfReader(data);
        if (reader.ReadByte(out byte flags) != CodecReturnCode.SUCCESS
            || reader.ReadByte(out byte keyType) != CodecReturnCode.SUCCESS
            || reader.ReadByte(out byte containerType) != CodecReturnCode.SUCCESS)
            return CodecReturnCode.INCOMPLETE_DATA;
        Flags = (MapFlags)flags;
        KeyPrimitiveType = keyType;
        ContainerType = DataTypes.FromWireContainerType(containerType);
        if ((Flags & MapFlags.HAS_KEY_FIELD_ID) != 0)
        {
            if (reader.ReadInt16(out short keyFieldId) != CodecReturnCode.SUCCESS)
                return CodecReturnCode.INCOMPLETE_DATA;
            KeyFieldId = keyFieldId;
        }
        var header = new CountedContainerHeader((Flags & MapFlags.HAS_SET_DEFS) != 0,
            (Flags & MapFlags.HAS_SUMMARY_DATA) != 0, (Flags & MapFlags.HAS_TOTAL_COUNT_HINT) != 0);
        CodecReturnCode rc = header.Read(ref reader);
        if (rc != CodecReturnCode.SUCCESS)
            return rc;
        EncodedSetDefs = header.SetDefs;
        EncodedSummaryData = header.Summary;
        TotalCountHint = header.TotalCountHint;
        Count = header.Count;
        _cursor = new EntryCursor(reader.ReadToEnd(), Count);
        return CodecReturnCode.SUCCESS;
    }
}
