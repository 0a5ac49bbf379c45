using System.Runtime.CompilerServices;

namespace Eta.Codec;

/// <summary>
/// Walks a field list in place: set-defined entries first (when their definition is known), then standard ones.
/// <code>
/// flags(1) [infoLen(1) dictionaryId(u15rb) fieldListNum(2)] [setId(u15rb)]
/// [setData: u15rb-length-prefixed when standard data follows, else to the end] [count(2) standard entries]
/// standard entry: fieldId(2) valueLength(u16ob) value
/// </code>
/// Never throws and never allocates; a malformed list ends with IncompleteData or InvalidData.
/// </summary>
public ref struct FieldListDecoder
{
    private ListBody _body;
    private RwfReader _setData;
    private ReadOnlySpan<FieldSetDefEntry> _setDefinition;
    private int _setIndex;
    private StandardFieldEntries _standard; // the standard entries not yet read
    private CodecReturnCode _failure;

    public FieldListFlags Flags { get; private set; }

    public int DictionaryId { get; private set; }

    public int FieldListNum { get; private set; }

    public readonly int SetId => _body.SetId;

    /// <summary>The set-defined part as received (empty when none).</summary>
    public readonly ReadOnlySpan<byte> EncodedSetData => _body.SetData;

    /// <summary>Number of standard entries announced by the header.</summary>
    public readonly int StandardCount => _body.StandardCount;

    /// <summary>
    /// The standard entries not yet read, as a cursor of their own (set-defined entries are not in it: read those
    /// with <see cref="Next"/> first). A loop over a local copy keeps its position in registers, which this
    /// decoder, whose address its out-of-line path takes, cannot.
    /// </summary>
    public readonly StandardFieldEntries StandardEntries => _standard;

    /// <summary>
    /// Reads the header. Returns Success; NoData for an empty payload; SetSkipped when set-defined data is
    /// present but its definition is not in <paramref name="setDefinitions"/> (standard entries still decode);
    /// or IncompleteData.
    /// </summary>
    public static CodecReturnCode Decode(ReadOnlySpan<byte> data, out FieldListDecoder decoder,
        LocalFieldSetDefDb? setDefinitions = null)
    {
        decoder = default;
        if (data.IsEmpty)
            return CodecReturnCode.NoData;
        CodecReturnCode rc = decoder.ReadHeader(data);
        if (rc != CodecReturnCode.Success)
        {
            decoder._failure = rc;
            return rc;
        }
        if ((decoder.Flags & FieldListFlags.HasSetData) != 0)
        {
            if (setDefinitions is null || !setDefinitions.TryGet(decoder.SetId, out decoder._setDefinition))
                return CodecReturnCode.SetSkipped;
            decoder._setData = new RwfReader(decoder.EncodedSetData);
        }
        return CodecReturnCode.Success;
    }

    /// <summary>The next entry, or EndOfContainer after the last one.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public CodecReturnCode Next(out FieldEntry entry)
    {
        // Standard entries of a healthy list (what every market data update is) take the short path inline.
        if (_setIndex >= _setDefinition.Length && _failure == CodecReturnCode.Success && _standard.Remaining != 0)
            return NextStandard(out entry);
        return NextOther(out entry);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private CodecReturnCode NextOther(out FieldEntry entry)
    {
        entry = default;
        if (_failure != CodecReturnCode.Success)
            return _failure;
        if (_setIndex < _setDefinition.Length)
        {
            FieldSetDefEntry definition = _setDefinition[_setIndex];
            CodecReturnCode rc = SetPrimitives.ReadValue(ref _setData, definition.DataType, out ReadOnlySpan<byte> value);
            if (rc != CodecReturnCode.Success)
                return _failure = rc;
            _setIndex++;
            entry = new FieldEntry(definition.FieldId, definition.DataType, value);
            return CodecReturnCode.Success;
        }
        if (_standard.Remaining == 0)
            return CodecReturnCode.EndOfContainer;
        return NextStandard(out entry);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private CodecReturnCode NextStandard(out FieldEntry entry)
    {
        CodecReturnCode rc = _standard.Next(out entry);
        if (rc == CodecReturnCode.IncompleteData)
            _failure = rc;
        return rc;
    }

    private CodecReturnCode ReadHeader(ReadOnlySpan<byte> data)
    {
        var reader = new RwfReader(data);
        reader.ReadByte(out byte flags);
        Flags = (FieldListFlags)flags;
        if ((Flags & FieldListFlags.HasFieldListInfo) != 0)
        {
            if (reader.ReadByte(out byte infoLength) != CodecReturnCode.Success
                || reader.ReadBytes(infoLength, out ReadOnlySpan<byte> info) != CodecReturnCode.Success)
                return CodecReturnCode.IncompleteData;
            var infoReader = new RwfReader(info);
            if (infoReader.ReadU15rb(out int dictionaryId) != CodecReturnCode.Success
                || infoReader.ReadInt16(out short fieldListNum) != CodecReturnCode.Success)
                return CodecReturnCode.IncompleteData;
            DictionaryId = dictionaryId;
            FieldListNum = fieldListNum;
        }
        if (ListBody.Read(ref reader, flags, out _body) != CodecReturnCode.Success)
            return CodecReturnCode.IncompleteData;
        _standard = new StandardFieldEntries(_body.StandardEntries, StandardCount);
        return CodecReturnCode.Success;
    }
}
