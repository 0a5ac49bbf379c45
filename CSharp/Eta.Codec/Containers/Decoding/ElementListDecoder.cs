namespace Eta.Codec;

/// <summary>
/// Walks an element list in place: set-defined entries first (when their definition is known), then standard ones.
/// <code>
/// flags(1) [infoLen(1) elementListNum(2)] [setId(u15rb)]
/// [setData: u15rb-length-prefixed when standard data follows, else to the end] [count(2) standard entries]
/// standard entry: name(u15rb len) dataType(1) [valueLength(u16ob) value, absent for NoData]
/// </code>
/// </summary>
public ref struct ElementListDecoder
{
    private ListBody _body;
    private RwfReader _setData;
    private ReadOnlySpan<ElementSetDefEntry> _setDefinition;
    private ReadOnlySpan<byte> _setNames;
    private int _setIndex;
    private RwfReader _standard;
    private int _standardRemaining;
    private CodecReturnCode _failure;

    public ElementListFlags Flags { get; private set; }

    public int ElementListNum { get; private set; }

    public readonly int SetId => _body.SetId;

    public readonly ReadOnlySpan<byte> EncodedSetData => _body.SetData;

    public readonly int StandardCount => _body.StandardCount;

    /// <summary>Reads the header; return codes as <see cref="FieldListDecoder.Decode"/>.</summary>
    public static CodecReturnCode Decode(ReadOnlySpan<byte> data, out ElementListDecoder decoder,
        LocalElementSetDefDb? setDefinitions = null)
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
        if ((decoder.Flags & ElementListFlags.HasSetData) != 0)
        {
            if (setDefinitions is null || !setDefinitions.TryGet(decoder.SetId, out decoder._setDefinition))
                return CodecReturnCode.SetSkipped;
            decoder._setNames = setDefinitions.Names;
            decoder._setData = new RwfReader(decoder.EncodedSetData);
        }
        return CodecReturnCode.Success;
    }

    /// <summary>The next entry, or EndOfContainer after the last one.</summary>
    public CodecReturnCode Next(out ElementEntry entry)
    {
        entry = default;
        if (_failure != CodecReturnCode.Success)
            return _failure;
        CodecReturnCode rc;
        ReadOnlySpan<byte> value;
        if (_setIndex < _setDefinition.Length)
        {
            ElementSetDefEntry definition = _setDefinition[_setIndex];
            rc = SetPrimitives.ReadValue(ref _setData, definition.DataType, out value);
            if (rc != CodecReturnCode.Success)
                return _failure = rc;
            _setIndex++;
            entry = new ElementEntry(_setNames.Slice(definition.NameOffset, definition.NameLength), definition.DataType, value);
            return CodecReturnCode.Success;
        }
        if (_standardRemaining == 0)
            return CodecReturnCode.EndOfContainer;
        rc = _standard.ReadBuffer15(out ReadOnlySpan<byte> name);
        byte type = 0;
        if (rc == CodecReturnCode.Success)
            rc = _standard.ReadByte(out type);
        value = default;
        if (rc == CodecReturnCode.Success && type != DataTypes.NoData)
            rc = _standard.ReadBuffer16(out value);
        if (rc != CodecReturnCode.Success)
            return _failure = rc;
        _standardRemaining--;
        entry = new ElementEntry(name, type, value);
        return CodecReturnCode.Success;
    }

    private CodecReturnCode ReadHeader(ReadOnlySpan<byte> data)
    {
        var reader = new RwfReader(data);
        reader.ReadByte(out byte flags);
        Flags = (ElementListFlags)flags;
        if ((Flags & ElementListFlags.HasElementListInfo) != 0)
        {
            if (reader.ReadByte(out byte infoLength) != CodecReturnCode.Success
                || reader.ReadBytes(infoLength, out ReadOnlySpan<byte> info) != CodecReturnCode.Success)
                return CodecReturnCode.IncompleteData;
            var infoReader = new RwfReader(info);
            if (infoReader.ReadUInt16(out ushort elementListNum) != CodecReturnCode.Success)
                return CodecReturnCode.IncompleteData;
            ElementListNum = elementListNum;
        }
        if (ListBody.Read(ref reader, flags, out _body) != CodecReturnCode.Success)
            return CodecReturnCode.IncompleteData;
        _standardRemaining = StandardCount;
        _standard = new RwfReader(_body.StandardEntries);
        return CodecReturnCode.Success;
    }
}
