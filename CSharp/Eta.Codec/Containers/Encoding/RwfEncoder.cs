using System.Diagnostics.CodeAnalysis;

namespace Eta.Codec;

/// <summary>
/// Single-pass, top-down RWF container encoder over a caller's span (typically the transport's buffer).
/// Containers nest: <c>XxxInit</c> writes a header and reserves what is only known later (counts, lengths),
/// entries are appended, <c>XxxComplete(success)</c> back-fills the reservations, or with <c>success: false</c>
/// rolls the whole container back. An entry whose content is a nested container is opened with
/// <c>XxxEntryInit</c> and closed with <c>XxxEntryComplete(success)</c>, which can likewise drop it.
/// Every call returns a <see cref="CodecReturnCode"/>; BufferTooSmall leaves the container consistent (the
/// failed entry is not written) so the caller can complete(false) and retry with a larger buffer.
/// No call allocates.
/// </summary>
public ref partial struct RwfEncoder
{
    /// <summary>Deepest nesting supported (containers inside entries inside containers ...).</summary>
    public const int MaxDepth = 16;

    /// <summary>Length hint used for a primitive entry's value: primitives fit a 1-byte u16ob length.</summary>
    private const int PrimitiveSizeHint = 1;

    /// <summary>Count offset of a list that holds only set data (no entries, no count).</summary>
    private const int NoCount = -1;

    /// <summary>The underlying writer: message encoders write their headers through it.</summary>
    public RwfWriter Writer;

    private EncodeLevelStack _levels;
    private int _depth;

    /// <summary>Encodes into <paramref name="buffer"/> from its start.</summary>
    public RwfEncoder(Span<byte> buffer)
    {
        Writer = new RwfWriter(buffer);
        _levels = default;
        _depth = 0;
    }

    /// <summary>Bytes written so far.</summary>
    public readonly int Position => Writer.Position;

    /// <summary>The bytes written so far.</summary>
    public readonly ReadOnlySpan<byte> Written => Writer.Written;

    /// <summary>How many containers are open.</summary>
    public readonly int Depth => _depth;

    [UnscopedRef]
    private ref EncodeLevel Top => ref _levels[_depth - 1];

    /// <summary>
    /// Writes non-RWF bytes (Opaque, Xml, AnsiPage, Json or an encoded message) as the content of the open
    /// entry or summary, or at top level.
    /// </summary>
    public CodecReturnCode EncodeNonRwfData(scoped ReadOnlySpan<byte> data)
    {
        if (_depth > 0 && Top.State == EncodeState.Entries)
            return CodecReturnCode.UnexpectedEncoderCall;
        return Writer.WriteBytes(data);
    }

    // Opens a container level; a nested container needs its parent's entry (or summary) open.
    private CodecReturnCode BeginContainer(int containerType)
    {
        if (_depth >= MaxDepth)
            return CodecReturnCode.IteratorOverrun;
        if (_depth > 0 && Top.State == EncodeState.Entries)
            return CodecReturnCode.UnexpectedEncoderCall;
        ref EncodeLevel level = ref _levels[_depth++];
        level = default;
        level.ContainerType = containerType;
        level.Start = Writer.Position;
        return CodecReturnCode.Success;
    }

    // Drops a container whose header could not be written.
    private CodecReturnCode AbortContainer(CodecReturnCode rc)
    {
        Writer.Rollback(Top.Start);
        _depth--;
        return rc;
    }

    // Reserves the entry count and moves the container to accepting entries.
    private CodecReturnCode ReserveCount(int width)
    {
        CodecReturnCode rc = Writer.Reserve(width, out int offset);
        if (rc != CodecReturnCode.Success)
            return AbortContainer(rc);
        Top.CountOffset = offset;
        Top.State = EncodeState.Entries;
        return CodecReturnCode.Success;
    }

    // Field and element lists with set data share their flag bits and layout (no list info here):
    //   flags(1) [setId(u15rb)] setData (u15rb-length-prefixed when standard entries follow) [count(2) entries]
    private CodecReturnCode WriteSetListHeader(int setId, scoped ReadOnlySpan<byte> encodedSetData, bool hasStandardData)
    {
        const byte hasSetData = 0x02, hasSetId = 0x04, hasStandard = 0x08;
        if ((uint)setId > RwfWriter.MaxU15rb)
            return AbortContainer(CodecReturnCode.InvalidArgument);
        byte flags = (byte)(hasSetData | (setId != 0 ? hasSetId : 0) | (hasStandardData ? hasStandard : 0));
        CodecReturnCode rc = Writer.WriteByte(flags);
        if (rc == CodecReturnCode.Success && setId != 0)
            rc = Writer.WriteU15rb(setId);
        if (rc == CodecReturnCode.Success)
            rc = hasStandardData ? Writer.WriteBuffer15(encodedSetData) : Writer.WriteBytes(encodedSetData);
        if (rc != CodecReturnCode.Success)
            return AbortContainer(rc);
        if (hasStandardData)
            return ReserveCount(2);
        Top.CountOffset = NoCount;
        Top.State = EncodeState.Entries;
        return CodecReturnCode.Success;
    }

    private CodecReturnCode CompleteContainer(int containerType, bool success)
    {
        if (_depth == 0 || Top.ContainerType != containerType)
            return CodecReturnCode.UnexpectedEncoderCall;
        ref EncodeLevel level = ref Top;
        if (!success)
        {
            Writer.Rollback(level.Start);
            _depth--;
            return CodecReturnCode.Success;
        }
        if (level.State != EncodeState.Entries)
            return CodecReturnCode.UnexpectedEncoderCall;
        if (level.CountOffset == NoCount)
        {
            // a list of set data only: there is no count
        }
        else if (containerType == DataTypes.FilterList)
            Writer.PatchByte(level.CountOffset, (byte)level.Count);
        else
            Writer.PatchUInt16(level.CountOffset, (ushort)level.Count);
        _depth--;
        return CodecReturnCode.Success;
    }

    private CodecReturnCode BeginEntry(int containerType)
    {
        if (_depth == 0 || Top.ContainerType != containerType || Top.State != EncodeState.Entries || Top.CountOffset == NoCount)
            return CodecReturnCode.UnexpectedEncoderCall;
        int maxCount = containerType == DataTypes.FilterList ? byte.MaxValue : ushort.MaxValue;
        if (Top.Count >= maxCount)
            return CodecReturnCode.InvalidData;
        Top.EntryStart = Writer.Position;
        return CodecReturnCode.Success;
    }

    // Counts a fully written entry, or removes a partly written one.
    private CodecReturnCode EndEntry(CodecReturnCode rc)
    {
        if (rc == CodecReturnCode.Success)
            Top.Count++;
        else
            Writer.Rollback(Top.EntryStart);
        return rc;
    }

    // After an entry header: reserve the data length and wait for the nested content.
    private CodecReturnCode OpenEntry(CodecReturnCode headerResult, int maxSizeHint)
    {
        if (headerResult == CodecReturnCode.Success)
            headerResult = Writer.ReserveLength(LengthEncoding.U16ob, maxSizeHint, out Top.Slot);
        if (headerResult != CodecReturnCode.Success)
        {
            Writer.Rollback(Top.EntryStart);
            return headerResult;
        }
        Top.State = EncodeState.EntryOpen;
        return CodecReturnCode.Success;
    }

    private CodecReturnCode CompleteEntry(int containerType, bool success)
    {
        if (_depth == 0 || Top.ContainerType != containerType || Top.State != EncodeState.EntryOpen)
            return CodecReturnCode.UnexpectedEncoderCall;
        Top.State = EncodeState.Entries;
        if (success)
            return EndEntry(Writer.CompleteLength(Top.Slot));
        Writer.Rollback(Top.EntryStart);
        return CodecReturnCode.Success;
    }

    // Writes a primitive's value with its u16ob length: one length byte is reserved, as almost every primitive
    // is shorter than 0xFE bytes; a longer value is moved up to make room for the long form.
    private CodecReturnCode WriteValue<T>(in T value) where T : struct, IPrimitive
    {
        CodecReturnCode rc = Writer.Reserve(PrimitiveSizeHint, out int lengthOffset);
        if (rc == CodecReturnCode.Success)
            rc = value.EncodeBody(ref Writer);
        if (rc != CodecReturnCode.Success)
            return rc;
        int length = Writer.Position - lengthOffset - PrimitiveSizeHint;
        if (length >= 0xFE)
            return Writer.CompleteLength(new LengthSlot(lengthOffset, PrimitiveSizeHint, LengthEncoding.U16ob));
        Writer.PatchByte(lengthOffset, (byte)length);
        return CodecReturnCode.Success;
    }

    private CodecReturnCode WriteValue(in State value)
    {
        CodecReturnCode rc = Writer.ReserveLength(LengthEncoding.U16ob, PrimitiveSizeHint, out LengthSlot slot);
        if (rc == CodecReturnCode.Success)
            rc = value.EncodeBody(ref Writer);
        return rc == CodecReturnCode.Success ? Writer.CompleteLength(slot) : rc;
    }

    // Writes a key/primitive with a u15rb length (map keys).
    private CodecReturnCode WriteKey<TKey>(in TKey key) where TKey : struct, IPrimitive
    {
        CodecReturnCode rc = Writer.ReserveLength(LengthEncoding.U15rb, PrimitiveSizeHint, out LengthSlot slot);
        if (rc == CodecReturnCode.Success)
            rc = key.EncodeBody(ref Writer);
        return rc == CodecReturnCode.Success ? Writer.CompleteLength(slot) : rc;
    }

    // Writes the header byte shared by map, vector and filter entries: flags in the high nibble, action low.
    private CodecReturnCode WriteFlagsAndAction(int flags, int action) =>
        Writer.WriteByte((byte)((flags << 4) | (action & 0x0F)));

    // Summary data encoded in place: complete its length, then finish the header.
    private CodecReturnCode CompleteSummary(int containerType, bool success, bool hasTotalCountHint)
    {
        if (_depth == 0 || Top.ContainerType != containerType || Top.State != EncodeState.SummaryOpen)
            return CodecReturnCode.UnexpectedEncoderCall;
        if (!success)
            Writer.Rollback(Top.Slot.ContentStart);
        CodecReturnCode rc = Writer.CompleteLength(Top.Slot);
        if (rc != CodecReturnCode.Success)
            return AbortContainer(rc);
        return FinishCountHeader(hasTotalCountHint, Top.TotalCountHint);
    }

    // Map/vector/series headers end with an optional total count hint (u30rb) and the u16 entry count.
    private CodecReturnCode FinishCountHeader(bool hasTotalCountHint, int totalCountHint)
    {
        if (hasTotalCountHint)
        {
            CodecReturnCode rc = Writer.WriteU30rb(totalCountHint);
            if (rc != CodecReturnCode.Success)
                return AbortContainer(rc);
        }
        return ReserveCount(2);
    }

    // Vector and series headers: flags(1) containerType(1), then set definitions, summary and count header.
    private CodecReturnCode InitFlagsTypeContainer(int listType, byte flags, int containerType,
        bool hasSetDefs, scoped ReadOnlySpan<byte> setDefs, bool hasSummary, scoped ReadOnlySpan<byte> summary,
        int summaryMaxSize, bool hasTotalCountHint, int totalCountHint)
    {
        CodecReturnCode rc = BeginContainer(listType);
        if (rc != CodecReturnCode.Success)
            return rc;
        if (!DataTypes.IsContainer(containerType))
            return AbortContainer(CodecReturnCode.InvalidArgument);
        Top.Flags = flags;
        Top.EntryType = containerType;
        rc = Writer.WriteByte(flags);
        if (rc == CodecReturnCode.Success)
            rc = Writer.WriteByte(DataTypes.ToWireContainerType(containerType));
        if (rc != CodecReturnCode.Success)
            return AbortContainer(rc);
        return WriteSetDefsSummaryAndCount(hasSetDefs, setDefs, hasSummary, summary, summaryMaxSize,
            hasTotalCountHint, totalCountHint);
    }

    // Writes set definitions and summary data (pre-encoded or, for summary, opened in place), then the count header.
    private CodecReturnCode WriteSetDefsSummaryAndCount(bool hasSetDefs, scoped ReadOnlySpan<byte> setDefs,
        bool hasSummary, scoped ReadOnlySpan<byte> summary, int summaryMaxSize, bool hasTotalCountHint, int totalCountHint)
    {
        CodecReturnCode rc = CodecReturnCode.Success;
        if (hasSetDefs)
            rc = setDefs.IsEmpty ? CodecReturnCode.InvalidArgument : Writer.WriteBuffer15(setDefs);
        if (rc == CodecReturnCode.Success && hasSummary && !summary.IsEmpty)
            rc = Writer.WriteBuffer15(summary);
        if (rc != CodecReturnCode.Success)
            return AbortContainer(rc);
        if (hasSummary && summary.IsEmpty)
        {
            rc = Writer.ReserveLength(LengthEncoding.U15rb, summaryMaxSize, out Top.Slot);
            if (rc != CodecReturnCode.Success)
                return AbortContainer(rc);
            Top.TotalCountHint = totalCountHint;
            Top.State = EncodeState.SummaryOpen;
            return CodecReturnCode.Success;
        }
        return FinishCountHeader(hasTotalCountHint, totalCountHint);
    }
}
