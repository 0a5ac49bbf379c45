namespace Eta.Codec;

/// <summary>
/// Walks a vector in place.
/// <code>
/// flags(1) containerType(1) [setDefs(u15rb len)] [summary(u15rb len)] [totalCountHint(u30rb)] count(2)
/// entry: flags&lt;&lt;4|action(1) index(u30rb) [perm(u15rb len)] [data(u16ob len), not for Clear/Delete/NoData]
/// </code>
/// </summary>
public ref struct VectorDecoder
{
    private EntryCursor _cursor;
    private CountedContainerHeader _header;

    public VectorFlags Flags { get; private set; }

    public int ContainerType { get; private set; }

    public readonly int TotalCountHint => _header.TotalCountHint;

    public readonly int Count => _header.Count;

    public readonly ReadOnlySpan<byte> EncodedSetDefs => _header.SetDefs;

    public readonly ReadOnlySpan<byte> EncodedSummaryData => _header.Summary;

    /// <summary>Reads the header: Success, NoData (empty payload) or IncompleteData.</summary>
    public static CodecReturnCode Decode(ReadOnlySpan<byte> data, out VectorDecoder decoder)
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
    public CodecReturnCode Next(out VectorEntry entry)
    {
        entry = default;
        CodecReturnCode rc = _cursor.Begin();
        if (rc != CodecReturnCode.Success)
            return rc;
        rc = _cursor.Reader.ReadByte(out byte flagsAndAction);
        var action = (VectorEntryActions)(flagsAndAction & 0x0F);
        var flags = (VectorEntryFlags)(flagsAndAction >> 4);
        int index = 0;
        ReadOnlySpan<byte> perm = default, data = default;
        if (rc == CodecReturnCode.Success)
            rc = _cursor.Reader.ReadU30rb(out index);
        if (rc == CodecReturnCode.Success && (Flags & VectorFlags.HasPerEntryPermData) != 0 && (flags & VectorEntryFlags.HasPermData) != 0)
            rc = _cursor.Reader.ReadBuffer15(out perm);
        if (rc == CodecReturnCode.Success && action is not (VectorEntryActions.Clear or VectorEntryActions.Delete)
            && ContainerType != DataTypes.NoData)
            rc = _cursor.Reader.ReadBuffer16(out data);
        if (_cursor.End(rc) != CodecReturnCode.Success)
            return rc;
        entry = new VectorEntry(index, action, flags, perm, data);
        return CodecReturnCode.Success;
    }

    private CodecReturnCode ReadHeader(ReadOnlySpan<byte> data)
    {
        var reader = new RwfReader(data);
        if (reader.ReadByte(out byte flags) != CodecReturnCode.Success
            || reader.ReadByte(out byte containerType) != CodecReturnCode.Success)
            return CodecReturnCode.IncompleteData;
        Flags = (VectorFlags)flags;
        ContainerType = DataTypes.FromWireContainerType(containerType);
        CodecReturnCode rc = CountedContainerHeader.Read(ref reader, (Flags & VectorFlags.HasSetDefs) != 0,
            (Flags & VectorFlags.HasSummaryData) != 0, (Flags & VectorFlags.HasTotalCountHint) != 0, out _header);
        if (rc != CodecReturnCode.Success)
            return rc;
        _cursor = new EntryCursor(reader.ReadToEnd(), Count);
        return CodecReturnCode.Success;
    }
}
