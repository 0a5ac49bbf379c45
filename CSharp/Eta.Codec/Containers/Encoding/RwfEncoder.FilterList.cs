namespace Eta.Codec;

// Filter list: entries identified by a filter id (0..255).
//   flags(1) containerType(1) [totalCountHint(1)] count(1)
//   { flags<<4|action(1) id(1) [containerType(1)] [perm(u15rb len)] [data(u16ob len), not for Clear/NoData] }*
public ref partial struct RwfEncoder
{
    public CodecReturnCode FilterListInit(FilterListFlags flags, int containerType, int totalCountHint = 0)
    {
        CodecReturnCode rc = BeginContainer(DataTypes.FilterList);
        if (rc != CodecReturnCode.Success)
            return rc;
        if (!DataTypes.IsContainer(containerType) || (uint)totalCountHint > byte.MaxValue)
            return AbortContainer(CodecReturnCode.InvalidArgument);
        Top.Flags = (byte)flags;
        Top.EntryType = containerType;
        rc = Writer.WriteByte((byte)flags);
        if (rc == CodecReturnCode.Success)
            rc = Writer.WriteByte(DataTypes.ToWireContainerType(containerType));
        if (rc == CodecReturnCode.Success && (flags & FilterListFlags.HasTotalCountHint) != 0)
            rc = Writer.WriteByte((byte)totalCountHint);
        return rc == CodecReturnCode.Success ? ReserveCount(1) : AbortContainer(rc);
    }

    /// <summary>Adds an entry with pre-encoded data (ignored for Clear and NoData entries).</summary>
    public CodecReturnCode FilterEntry(scoped FilterEntryHeader header, scoped ReadOnlySpan<byte> encodedData)
    {
        CodecReturnCode rc = BeginFilterEntry(header, out int entryType);
        if (rc != CodecReturnCode.Success)
            return rc;
        return EndEntry(FilterEntryCarriesData(header.Action, entryType) ? Writer.WriteBuffer16(encodedData) : rc);
    }

    /// <summary>Opens an entry whose data container is encoded next.</summary>
    public CodecReturnCode FilterEntryInit(scoped FilterEntryHeader header, int maxEncodedSize = 0)
    {
        CodecReturnCode rc = BeginFilterEntry(header, out int entryType);
        if (rc != CodecReturnCode.Success)
            return rc;
        return OpenEntry(FilterEntryCarriesData(header.Action, entryType) ? rc : CodecReturnCode.InvalidArgument, maxEncodedSize);
    }

    public CodecReturnCode FilterEntryComplete(bool success) => CompleteEntry(DataTypes.FilterList, success);

    public CodecReturnCode FilterListComplete(bool success) => CompleteContainer(DataTypes.FilterList, success);

    private CodecReturnCode BeginFilterEntry(scoped FilterEntryHeader header, out int entryType)
    {
        entryType = DataTypes.NoData;
        CodecReturnCode rc = BeginEntry(DataTypes.FilterList);
        if (rc != CodecReturnCode.Success)
            return rc;
        bool ownType = header.ContainerType != 0 && header.ContainerType != Top.EntryType;
        bool hasPerm = !header.PermData.IsEmpty;
        if (header.Action is < FilterEntryActions.Update or > FilterEntryActions.Clear
            || (ownType && !DataTypes.IsContainer(header.ContainerType))
            || (hasPerm && (((FilterListFlags)Top.Flags & FilterListFlags.HasPerEntryPermData) == 0)))
            return EndEntry(CodecReturnCode.InvalidArgument);
        entryType = ownType ? header.ContainerType : Top.EntryType;
        var flags = (ownType ? FilterEntryFlags.HasContainerType : 0) | (hasPerm ? FilterEntryFlags.HasPermData : 0);
        rc = WriteFlagsAndAction((int)flags, (int)header.Action);
        if (rc == CodecReturnCode.Success)
            rc = Writer.WriteByte(header.Id);
        if (rc == CodecReturnCode.Success && ownType)
            rc = Writer.WriteByte(DataTypes.ToWireContainerType(header.ContainerType));
        if (rc == CodecReturnCode.Success && hasPerm)
            rc = Writer.WriteBuffer15(header.PermData);
        return rc == CodecReturnCode.Success ? rc : EndEntry(rc);
    }

    private static bool FilterEntryCarriesData(FilterEntryActions action, int entryType) =>
        action != FilterEntryActions.Clear && entryType != DataTypes.NoData;
}
