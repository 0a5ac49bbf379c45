namespace Eta.Codec;

// Map: keyed entries.
//   flags(1) keyType(1) containerType(1) [keyFieldId(2)] [setDefs(u15rb len)] [summary(u15rb len)]
//   [totalCountHint(u30rb)] count(2)
//   { flags<<4|action(1) [perm(u15rb len)] key(u15rb len) [data(u16ob len), not for Delete] }*
public ref partial struct RwfEncoder
{
    public CodecReturnCode MapInit(scoped MapHeader header, int summaryMaxSize = 0)
    {
        CodecReturnCode rc = BeginContainer(DataTypes.Map);
        if (rc != CodecReturnCode.Success)
            return rc;
        if (!DataTypes.IsPrimitive(header.KeyPrimitiveType) || header.KeyPrimitiveType == DataTypes.Array
            || !DataTypes.IsContainer(header.ContainerType))
            return AbortContainer(CodecReturnCode.InvalidArgument);
        Top.Flags = (byte)header.Flags;
        Top.EntryType = header.ContainerType;
        rc = Writer.WriteByte((byte)header.Flags);
        if (rc == CodecReturnCode.Success)
            rc = Writer.WriteByte((byte)header.KeyPrimitiveType);
        if (rc == CodecReturnCode.Success)
            rc = Writer.WriteByte(DataTypes.ToWireContainerType(header.ContainerType));
        if (rc == CodecReturnCode.Success && (header.Flags & MapFlags.HasKeyFieldId) != 0)
            rc = Writer.WriteInt16((short)header.KeyFieldId);
        if (rc != CodecReturnCode.Success)
            return AbortContainer(rc);
        return WriteSetDefsSummaryAndCount((header.Flags & MapFlags.HasSetDefs) != 0, header.EncodedSetDefs,
            (header.Flags & MapFlags.HasSummaryData) != 0, header.EncodedSummaryData, summaryMaxSize,
            (header.Flags & MapFlags.HasTotalCountHint) != 0, header.TotalCountHint);
    }

    /// <summary>Closes summary data encoded in place after <see cref="MapInit"/>.</summary>
    public CodecReturnCode MapSummaryDataComplete(bool success) =>
        CompleteSummary(DataTypes.Map, success, (((MapFlags)TopFlagsOrZero(DataTypes.Map) & MapFlags.HasTotalCountHint) != 0));

    /// <summary>Adds an entry whose key is given as its value bytes and whose data is pre-encoded.</summary>
    public CodecReturnCode MapEntry(MapEntryActions action, scoped ReadOnlySpan<byte> encodedKey,
        scoped ReadOnlySpan<byte> encodedData, scoped ReadOnlySpan<byte> permData = default)
    {
        CodecReturnCode rc = BeginMapEntry(action, permData);
        if (rc != CodecReturnCode.Success)
            return rc;
        rc = Writer.WriteBuffer15(encodedKey);
        return EndEntry(rc == CodecReturnCode.Success ? WriteMapData(action, encodedData) : rc);
    }

    /// <summary>Adds an entry whose key is a primitive and whose data is pre-encoded.</summary>
    public CodecReturnCode MapEntry<TKey>(MapEntryActions action, in TKey key, scoped ReadOnlySpan<byte> encodedData,
        scoped ReadOnlySpan<byte> permData = default) where TKey : struct, IPrimitive
    {
        CodecReturnCode rc = BeginMapEntry(action, permData);
        if (rc != CodecReturnCode.Success)
            return rc;
        rc = WriteKey(key);
        return EndEntry(rc == CodecReturnCode.Success ? WriteMapData(action, encodedData) : rc);
    }

    /// <summary>Opens an entry (key as value bytes) whose data container is encoded next.</summary>
    public CodecReturnCode MapEntryInit(MapEntryActions action, scoped ReadOnlySpan<byte> encodedKey,
        scoped ReadOnlySpan<byte> permData = default, int maxEncodedSize = 0)
    {
        CodecReturnCode rc = BeginMapEntry(action, permData);
        if (rc != CodecReturnCode.Success)
            return rc;
        rc = OpenableMapAction(action) ? Writer.WriteBuffer15(encodedKey) : CodecReturnCode.InvalidArgument;
        return OpenEntry(rc, maxEncodedSize);
    }

    /// <summary>Opens an entry (primitive key) whose data container is encoded next.</summary>
    public CodecReturnCode MapEntryInit<TKey>(MapEntryActions action, in TKey key,
        scoped ReadOnlySpan<byte> permData = default, int maxEncodedSize = 0) where TKey : struct, IPrimitive
    {
        CodecReturnCode rc = BeginMapEntry(action, permData);
        if (rc != CodecReturnCode.Success)
            return rc;
        rc = OpenableMapAction(action) ? WriteKey(key) : CodecReturnCode.InvalidArgument;
        return OpenEntry(rc, maxEncodedSize);
    }

    public CodecReturnCode MapEntryComplete(bool success) => CompleteEntry(DataTypes.Map, success);

    public CodecReturnCode MapComplete(bool success) => CompleteContainer(DataTypes.Map, success);

    // Writes flags/action and permission data; on failure nothing of the entry remains.
    private CodecReturnCode BeginMapEntry(MapEntryActions action, scoped ReadOnlySpan<byte> permData)
    {
        CodecReturnCode rc = BeginEntry(DataTypes.Map);
        if (rc != CodecReturnCode.Success)
            return rc;
        if (action is < MapEntryActions.Update or > MapEntryActions.Delete
            || (!permData.IsEmpty && (((MapFlags)Top.Flags & MapFlags.HasPerEntryPermData) == 0)))
            return EndEntry(CodecReturnCode.InvalidArgument);
        var flags = permData.IsEmpty ? MapEntryFlags.None : MapEntryFlags.HasPermData;
        rc = WriteFlagsAndAction((int)flags, (int)action);
        if (rc == CodecReturnCode.Success && !permData.IsEmpty)
            rc = Writer.WriteBuffer15(permData);
        return rc == CodecReturnCode.Success ? rc : EndEntry(rc);
    }

    private bool OpenableMapAction(MapEntryActions action) =>
        action != MapEntryActions.Delete && Top.EntryType != DataTypes.NoData;

    private CodecReturnCode WriteMapData(MapEntryActions action, scoped ReadOnlySpan<byte> encodedData) =>
        OpenableMapAction(action) ? Writer.WriteBuffer16(encodedData) : CodecReturnCode.Success;

    private readonly int TopFlagsOrZero(int containerType) =>
        _depth > 0 && _levels[_depth - 1].ContainerType == containerType ? _levels[_depth - 1].Flags : 0;
}
