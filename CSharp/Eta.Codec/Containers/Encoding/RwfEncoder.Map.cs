namespace Eta.Codec;

// Map: keyed entries.
//   flags(1) keyType(1) containerType(1) [keyFieldId(2)] [setDefs(u15rb len)] [summary(u15rb len)]
//   [totalCountHint(u30rb)] count(2)
//   { flags<<4|action(1) [perm(u15rb len)] key(u15rb len) [data(u16ob len), not for DELETE] }*
public ref partial struct RwfEncoder
{
    public CodecReturnCode MapInit(scoped MapHeader header, int summaryMaxSize = 0)
    {
        CodecReturnCode rc = BeginContainer(DataTypes.MAP);
        if (rc != CodecReturnCode.SUCCESS)
            return rc;
        if (!DataTypes.IsPrimitive(header.KeyPrimitiveType) || header.KeyPrimitiveType == DataTypes.ARRAY
            || !DataTypes.IsContainer(header.ContainerType))
            return AbortContainer(CodecReturnCode.INVALID_ARGUMENT);
        Top.Flags = (byte)header.Flags;
        Top.EntryType = header.ContainerType;
        rc = Writer.WriteByte((byte)header.Flags);
        if (rc == CodecReturnCode.SUCCESS)
            rc = Writer.WriteByte((byte)header.KeyPrimitiveType);
        if (rc == CodecReturnCode.SUCCESS)
            rc = Writer.WriteByte(DataTypes.ToWireContainerType(header.ContainerType));
        if (rc == CodecReturnCode.SUCCESS && (header.Flags & MapFlags.HAS_KEY_FIELD_ID) != 0)
            rc = Writer.WriteInt16((short)header.KeyFieldId);
        if (rc != CodecReturnCode.SUCCESS)
            return AbortContainer(rc);
        return WriteSetDefsSummaryAndCount((header.Flags & MapFlags.HAS_SET_DEFS) != 0, header.EncodedSetDefs,
            (header.Flags & MapFlags.HAS_SUMMARY_DATA) != 0, header.EncodedSummaryData, summaryMaxSize,
            (header.Flags & MapFlags.HAS_TOTAL_COUNT_HINT) != 0, header.TotalCountHint);
    }

    /// <summary>Closes summary data encoded in place after <see cref="MapInit"/>.</summary>
    public CodecReturnCode MapSummaryDataComplete(bool success) =>
        CompleteSummary(DataTypes.MAP, success, (((MapFlags)TopFlagsOrZero(DataTypes.MAP) & MapFlags.HAS_TOTAL_COUNT_HINT) != 0));

    /// <summary>Adds an entry whose key is given as its value bytes and whose data is pre-encoded.</summary>
    public CodecReturnCode MapEntry(MapEntryActions action, scoped ReadOnlySpan<byte> encodedKey,
        scoped ReadOnlySpan<byte> encodedData, scoped ReadOnlySpan<byte> permData = default)
    {
        CodecReturnCode rc = BeginMapEntry(action, permData);
        if (rc != CodecReturnCode.SUCCESS)
            return rc;
        rc = Writer.WriteBuffer15(encodedKey);
        return EndEntry(rc == CodecReturnCode.SUCCESS ? WriteMapData(action, encodedData) : rc);
    }

    /// <summary>Adds an entry whose key is a primitive and whose data is pre-encoded.</summary>
    public CodecReturnCode MapEntry<TKey>(MapEntryActions action, in TKey key, scoped ReadOnlySpan<byte> encodedData,
        scoped ReadOnlySpan<byte> permData = default) where TKey : struct, IPrimitive
    {
        CodecReturnCode rc = BeginMapEntry(action, permData);
        if (rc != CodecReturnCode.SUCCESS)
            return rc;
        rc = WriteKey(key);
        return EndEntry(rc == CodecReturnCode.SUCCESS ? WriteMapData(action, encodedData) : rc);
    }

    /// <summary>Opens an entry (key as value bytes) whose data container is encoded next.</summary>
    public CodecReturnCode MapEntryInit(MapEntryActions action, scoped ReadOnlySpan<byte> encodedKey,
        scoped ReadOnlySpan<byte> permData = default, int maxEncodedSize = 0)
    {
        CodecReturnCode rc = BeginMapEntry(action, permData);
        if (rc != CodecReturnCode.SUCCESS)
            return rc;
        rc = OpenableMapAction(action) ? Writer.WriteBuffer15(encodedKey) : CodecReturnCode.INVALID_ARGUMENT;
        return OpenEntry(rc, maxEncodedSize);
    }

    /// <summary>Opens an entry (primitive key) whose data container is encoded next.</summary>
    public CodecReturnCode MapEntryInit<TKey>(MapEntryActions action, in TKey key,
        scoped ReadOnlySpan<byte> permData = default, int maxEncodedSize = 0) where TKey : struct, IPrimitive
    {
        CodecReturnCode rc = BeginMapEntry(action, permData);
        if (rc != CodecReturnCode.SUCCESS)
            return rc;
        rc = OpenableMapAction(action) ? WriteKey(key) : CodecReturnCode.INVALID_ARGUMENT;
        return OpenEntry(rc, maxEncodedSize);
    }

    public CodecReturnCode MapEntryComplete(bool success) => CompleteEntry(DataTypes.MAP, success);

    public CodecReturnCode MapComplete(bool success) => CompleteContainer(DataTypes.MAP, success);

    // Writes flags/action and permission data; on failure nothing of the entry remains.
    private CodecReturnCode BeginMapEntry(MapEntryActions action, scoped ReadOnlySpan<byte> permData)
    {
        CodecReturnCode rc = BeginEntry(DataTypes.MAP);
        if (rc != CodecReturnCode.SUCCESS)
            return rc;
        if (action is < MapEntryActions.UPDATE or > MapEntryActions.DELETE
            || (!permData.IsEmpty && (((MapFlags)Top.Flags & MapFlags.HAS_PER_ENTRY_PERM_DATA) == 0)))
            return EndEntry(CodecReturnCode.INVALID_ARGUMENT);
        var flags = permData.IsEmpty ? MapEntryFlags.NONE : MapEntryFlags.HAS_PERM_DATA;
        rc = WriteFlagsAndAction((int)flags, (int)action);
        if (rc == CodecReturnCode.SUCCESS && !permData.IsEmpty)
            rc = Writer.WriteBuffer15(permData);
        return rc == CodecReturnCode.SUCCESS ? rc : EndEntry(rc);
    }

    private bool OpenableMapAction(MapEntryActions action) =>
        action != MapEntryActions.DELETE && Top.EntryType != DataTypes.NO_DATA;

    private CodecReturnCode WriteMapData(MapEntryActions action, scoped ReadOnlySpan<byte> encodedData) =>
        OpenableMapAction(action) ? Writer.WriteBuffer16(encodedData) : CodecReturnCode.SUCCESS;

    private readonly int TopFlagsOrZero(int containerType) =>
        _depth > 0 && _levels[_depth - 1].ContainerType == containerType ? _levels[_depth - 1].Flags : 0;
}
