namespace Eta.Codec;

/// <summary>
/// Walks a vector in place.
/// <code>
/// flags(1) containerType(1) [setDefs(u15rb len)] [summary(u15rb len)] [totalCountHint(u30rb)] count(2)
/// entry: flags&lt;&lt;4|action(1) index(u30rb) [perm(u15rb len)] [data(u16ob len), not for CLEAR/DELETE/NO_DATA]
/// </code>
/// </summary>
public ref struct VectorDecoder
{
    private EntryCursor _cursor;

    public VectorFlags Flags { get; private set; }

    public int ContainerType { get; private set; }

    public int TotalCountHint { get; private set; }

    public int Count { get; private set; }

    public ReadOnlySpan<byte> EncodedSetDefs { get; private set; }

    public ReadOnlySpan<byte> EncodedSummaryData { get; private set; }

    /// <summary>Reads the header: SUCCESS, NO_DATA (empty payload) or INCOMPLETE_DATA.</summary>
    public static CodecReturnCode Decode(ReadOnlySpan<byte> data, out VectorDecoder decoder)
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
    public CodecReturnCode Next(out VectorEntry entry)
    {
        entry = default;
        CodecReturnCode rc = _cursor.Begin();
        if (rc != CodecReturnCode.SUCCESS)
            return rc;
        rc = _cursor.Reader.ReadByte(out byte flagsAndAction);
        var action = (VectorEntryActions)(flagsAndAction & 0x0F);
        var flags = (VectorEntryFlags)(flagsAndAction >> 4);
        int index = 0;
        ReadOnlySpan<byte> perm = default, data = default;
        if (rc == CodecReturnCode.SUCCESS)
            rc = _cursor.Reader.ReadU30rb(out index);
        if (rc == CodecReturnCode.SUCCESS && (Flags & VectorFlags.HAS_PER_ENTRY_PERM_DATA) != 0 && (flags & VectorEntryFlags.HAS_PERM_DATA) != 0)
            rc = _cursor.Reader.ReadBuffer15(out perm);
        if (rc == CodecReturnCode.SUCCESS && action is not (VectorEntryActions.CLEAR or VectorEntryActions.DELETE)
            && ContainerType != DataTypes.NO_DATA)
            rc = _cursor.Reader.ReadBuffer16(out data);
        if (_cursor.End(rc) != CodecReturnCode.SUCCESS)
            return rc;
        entry = new VectorEntry(index, action, flags, perm, data);
        return CodecReturnCode.SUCCESS;
    }

    private CodecReturnCode ReadHeader(ReadOnlySpan<byte> data)
    {
        var reader = new RwfReader(data);
        if (reader.ReadByte(out byte flags) != CodecReturnCode.SUCCESS
            || reader.ReadByte(out byte containerType) != CodecReturnCode.SUCCESS)
            return CodecReturnCode.INCOMPLETE_DATA;
        Flags = (VectorFlags)flags;
        ContainerType = DataTypes.FromWireContainerType(containerType);
        var header = new CountedContainerHeader((Flags & VectorFlags.HAS_SET_DEFS) != 0,
            (Flags & VectorFlags.HAS_SUMMARY_DATA) != 0, (Flags & VectorFlags.HAS_TOTAL_COUNT_HINT) != 0);
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
