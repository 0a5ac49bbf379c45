using System.Text;
using System.Text.Json;

namespace Eta.Codec.Json;

// Filter lists and maps: their RWF headers need the entries' container type before the first entry, so the
// entries are scanned once for it and then encoded.
internal ref partial struct JsonMessageEncoder
{
    private CodecReturnCode EncodeFilterList(ref RwfEncoder enc, scoped ref Utf8JsonReader r, int readerBase)
    {
        if (r.TokenType != JsonTokenType.StartObject)
            return WrongType("FilterList"u8, "an object", r.TokenType);
        int countHint = -1, entriesAt = -1;
        CodecReturnCode rc = CodecReturnCode.Success;
        while (rc == CodecReturnCode.Success && r.Read() && r.TokenType == JsonTokenType.PropertyName)
        {
            ReadOnlySpan<byte> member = Text(ref r);
            r.Read();
            if (member.SequenceEqual("CountHint"u8))
                rc = Int32Value(ref r, member, out countHint);
            else if (member.SequenceEqual("Entries"u8))
            {
                entriesAt = readerBase + (int)r.TokenStartIndex;
                r.Skip();
            }
            else
                r.Skip();
        }
        if (rc != CodecReturnCode.Success)
            return rc;
        rc = ScanEntries(entriesAt, "FilterList", out int containerType, out bool hasPermData);
        if (rc != CodecReturnCode.Success)
            return rc;
        var flags = (countHint >= 0 ? FilterListFlags.HasTotalCountHint : 0) | (hasPermData ? FilterListFlags.HasPerEntryPermData : 0);
        rc = enc.FilterListInit(flags, containerType, Math.Max(countHint, 0));
        if (rc != CodecReturnCode.Success || entriesAt < 0)
            return rc != CodecReturnCode.Success ? rc : enc.FilterListComplete(true);

        Utf8JsonReader entries = ReaderAt(entriesAt);
        while (rc == CodecReturnCode.Success && entries.Read() && entries.TokenType == JsonTokenType.StartObject)
        {
            var header = new FilterEntryHeader();
            int dataAt = -1, dataType = DataTypes.NoData;
            bool hasId = false, hasAction = false;
            while (rc == CodecReturnCode.Success && entries.Read() && entries.TokenType == JsonTokenType.PropertyName)
            {
                ReadOnlySpan<byte> member = Text(ref entries);
                entries.Read();
                if (member.SequenceEqual("ID"u8))
                {
                    hasId = true;
                    rc = UInt16Value(ref entries, member, out ushort id);
                    if (rc == CodecReturnCode.Success && id > byte.MaxValue)
                        rc = Fail($"filter entry 'ID' {id} is over 255");
                    header.Id = (byte)id;
                }
                else if (member.SequenceEqual("Action"u8))
                {
                    hasAction = true;
                    rc = NamedOrNumber(ref entries, member, OmmNames.FilterActions, out int action);
                    header.Action = (FilterEntryActions)action;
                }
                else if (member.SequenceEqual("PermData"u8))
                {
                    rc = Base64Value(ref entries, member, out ReadOnlySpan<byte> perm);
                    header.PermData = perm;
                }
                else if (TryPayloadTag(member, out int type))
                {
                    dataType = type;
                    dataAt = entriesAt + (int)entries.TokenStartIndex;
                    entries.Skip();
                }
                else
                    entries.Skip();
            }
            if (rc != CodecReturnCode.Success)
                return rc;
            if (!hasId || !hasAction)
                return Fail($"missing required '{(hasId ? "Action" : "ID")}' in a 'FilterList' entry");
            header.ContainerType = dataType == DataTypes.NoData ? containerType : dataType;
            if (dataAt < 0 || header.Action == FilterEntryActions.Clear)
            {
                rc = enc.FilterEntry(header, default);
                continue;
            }
            rc = enc.FilterEntryInit(header);
            if (rc == CodecReturnCode.Success)
                rc = EncodeContainerAt(ref enc, dataType, dataAt);
            if (rc == CodecReturnCode.Success)
                rc = enc.FilterEntryComplete(true);
        }
        return rc != CodecReturnCode.Success ? rc : enc.FilterListComplete(true);
    }

    private CodecReturnCode EncodeMap(ref RwfEncoder enc, scoped ref Utf8JsonReader r, int readerBase)
    {
        if (r.TokenType != JsonTokenType.StartObject)
            return WrongType("Map"u8, "an object", r.TokenType);
        var header = new MapHeader();
        int keyType = DataTypes.Unknown, entriesAt = -1, summaryAt = -1;
        CodecReturnCode rc = CodecReturnCode.Success;
        while (rc == CodecReturnCode.Success && r.Read() && r.TokenType == JsonTokenType.PropertyName)
        {
            ReadOnlySpan<byte> member = Text(ref r);
            r.Read();
            if (member.SequenceEqual("KeyType"u8))
            {
                if (r.TokenType != JsonTokenType.String || !OmmNames.DataTypeNames.TryFind(Text(ref r), out keyType)
                    || keyType >= DataTypes.ContainerTypeMin)
                    rc = Fail("the map's 'KeyType' is not a primitive type name");
            }
            else if (member.SequenceEqual("CountHint"u8))
            {
                header.Flags |= MapFlags.HasTotalCountHint;
                rc = Int32Value(ref r, member, out header.TotalCountHint);
            }
            else if (member.SequenceEqual("KeyFieldID"u8))
            {
                header.Flags |= MapFlags.HasKeyFieldId;
                rc = Int32Value(ref r, member, out header.KeyFieldId);
            }
            else if (member.SequenceEqual("Summary"u8))
            {
                summaryAt = readerBase + (int)r.TokenStartIndex;
                r.Skip();
            }
            else if (member.SequenceEqual("Entries"u8))
            {
                entriesAt = readerBase + (int)r.TokenStartIndex;
                r.Skip();
            }
            else
                r.Skip();
        }
        if (rc != CodecReturnCode.Success)
            return rc;
        if (keyType == DataTypes.Unknown)
            return Fail("missing required 'KeyType' in 'Map'");
        rc = ScanEntries(entriesAt, "Map", out int containerType, out bool hasPermData);
        if (rc != CodecReturnCode.Success)
            return rc;
        int summaryType = DataTypes.NoData, summaryDataAt = -1;
        if (summaryAt >= 0)
        {
            rc = PayloadOf(summaryAt, out summaryType, out summaryDataAt);
            if (rc != CodecReturnCode.Success)
                return rc;
            if (containerType == DataTypes.NoData)
                containerType = summaryType;
            if (summaryType != DataTypes.NoData)
                header.Flags |= MapFlags.HasSummaryData;
        }
        if (hasPermData)
            header.Flags |= MapFlags.HasPerEntryPermData;
        header.KeyPrimitiveType = keyType;
        header.ContainerType = containerType;
        rc = enc.MapInit(header);
        if (rc == CodecReturnCode.Success && summaryDataAt >= 0 && summaryType != DataTypes.NoData)
        {
            rc = EncodeContainerAt(ref enc, summaryType, summaryDataAt);
            if (rc == CodecReturnCode.Success)
                rc = enc.MapSummaryDataComplete(true);
        }
        if (rc != CodecReturnCode.Success || entriesAt < 0)
            return rc != CodecReturnCode.Success ? rc : enc.MapComplete(true);

        Utf8JsonReader entries = ReaderAt(entriesAt);
        while (rc == CodecReturnCode.Success && entries.Read() && entries.TokenType == JsonTokenType.StartObject)
        {
            MapEntryActions action = 0;
            ReadOnlySpan<byte> perm = default, key = default;
            bool hasKey = false;
            int dataAt = -1;
            while (rc == CodecReturnCode.Success && entries.Read() && entries.TokenType == JsonTokenType.PropertyName)
            {
                ReadOnlySpan<byte> member = Text(ref entries);
                entries.Read();
                if (member.SequenceEqual("Action"u8))
                {
                    rc = NamedOrNumber(ref entries, member, OmmNames.MapActions, out int a);
                    action = (MapEntryActions)a;
                }
                else if (member.SequenceEqual("Key"u8))
                {
                    hasKey = true;
                    rc = PrimitiveValue(ref entries, keyType, null, out key);
                    if (rc == CodecReturnCode.Success)
                        key = Keep(key);
                }
                else if (member.SequenceEqual("PermData"u8))
                    rc = Base64Value(ref entries, member, out perm);
                else if (TryPayloadTag(member, out _))
                {
                    dataAt = entriesAt + (int)entries.TokenStartIndex;
                    entries.Skip();
                }
                else
                    entries.Skip();
            }
            if (rc != CodecReturnCode.Success)
                return rc;
            if (action == 0 || !hasKey)
                return Fail($"missing required '{(hasKey ? "Action" : "Key")}' in a 'Map' entry");
            if (dataAt < 0 || action == MapEntryActions.Delete)
            {
                rc = enc.MapEntry(action, key, default, perm);
                continue;
            }
            rc = enc.MapEntryInit(action, key, perm);
            if (rc == CodecReturnCode.Success)
                rc = EncodeContainerAt(ref enc, containerType, dataAt);
            if (rc == CodecReturnCode.Success)
                rc = enc.MapEntryComplete(true);
        }
        return rc != CodecReturnCode.Success ? rc : enc.MapComplete(true);
    }

    /// <summary>The container type of the first entry that has a payload, and whether any entry has PermData.</summary>
    private CodecReturnCode ScanEntries(int entriesAt, string what, out int containerType, out bool hasPermData)
    {
        containerType = DataTypes.NoData;
        hasPermData = false;
        if (entriesAt < 0)
            return CodecReturnCode.Success;
        Utf8JsonReader r = ReaderAt(entriesAt);
        if (r.TokenType != JsonTokenType.StartArray)
            return Fail($"the 'Entries' of '{what}' must be an array, not {Describe(r.TokenType)}");
        while (r.Read() && r.TokenType != JsonTokenType.EndArray)
        {
            if (r.TokenType != JsonTokenType.StartObject)
                return Fail($"an entry of '{what}' must be an object, not {Describe(r.TokenType)}");
            while (r.Read() && r.TokenType == JsonTokenType.PropertyName)
            {
                ReadOnlySpan<byte> member = r.ValueSpan;
                if (member.SequenceEqual("PermData"u8))
                    hasPermData = true;
                else if (containerType == DataTypes.NoData && TryPayloadTag(member, out int type))
                    containerType = type;
                r.Read();
                r.Skip();
            }
        }
        return CodecReturnCode.Success;
    }

    /// <summary>The payload tag inside an object such as a map's "Summary": {"Fields":{...}}.</summary>
    private CodecReturnCode PayloadOf(int at, out int containerType, out int dataAt)
    {
        containerType = DataTypes.NoData;
        dataAt = -1;
        Utf8JsonReader r = ReaderAt(at);
        if (r.TokenType != JsonTokenType.StartObject)
            return Fail($"'Summary' must be an object, not {Describe(r.TokenType)}");
        while (r.Read() && r.TokenType == JsonTokenType.PropertyName)
        {
            ReadOnlySpan<byte> member = Text(ref r);
            r.Read();
            if (TryPayloadTag(member, out int type))
            {
                containerType = type;
                dataAt = at + (int)r.TokenStartIndex;
            }
            r.Skip();
        }
        return CodecReturnCode.Success;
    }

    /// <summary>Copies value bytes that live in the shared value buffer into scratch, so the next value keeps them.</summary>
    private ReadOnlySpan<byte> Keep(ReadOnlySpan<byte> bytes)
    {
        Span<byte> space = _owner.Scratch.AsSpan(_scratchUsed, bytes.Length);
        bytes.CopyTo(space);
        _scratchUsed += bytes.Length;
        return space;
    }
}
