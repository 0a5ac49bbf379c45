namespace Eta.Codec;

/// <summary>
/// Walks an element list in place: set-defined entries first (when their definition is known), then standard ones.
/// <code>
/// flags(1) [infoLen(1) elementListNum(2)] [setId(u15rb)]
/// [setData: u15rb-length-prefixed when standard data follows, else to the end] [count(2) standard entries]
/// standard entry: name(u15rb len) dataType(1) [valueLength(u16ob) value, absent for NO_DATA]
/// </code>
/// </summary>
public ref struct ElementListDecoder
{
    private RwfReader _setData;
    private ReadOnlySpan<ElementSetDefEntry> _setDefinition;
    private ReadOnlySpan<byte> _setNames;
    private int _setIndex;
    private RwfReader _standard;
    private int _standardRemaining;
    private CodecReturnCode _failure;

    public ElementListFlags Flags { get; private set; }

    public int ElementListNum { get; private set; }

    public int SetId { get; private set; }

    public ReadOnlySpan<byte> EncodedSetData { get; private set; }

    public int StandardCount { get; private set; }

    /// <summary>Reads the header; return codes as <see cref="FieldListDecoder.Decode"/>.</summary>
    public static CodecReturnCode Decode(ReadOnlySpan<byte> data, out ElementListDecoder decoder,
        LocalElementSetDefDb? setDefinitions = null)
    {
        decoder = default;
        if (data.IsEmpty)
            return CodecReturnCode.NO_DATA;
        CodecReturnCode rc = decoder.ReadHeader(data);
        if (rc != CodecReturnCode.SUCCESS)
        {
            decoder._failure = rc;
            return rc;
        }
        if ((decoder.Flags & ElementListFlags.HAS_SET_DATA) != 0)
        {
            if (setDefinitions is null || !setDefinitions.TryGet(decoder.SetId, out decoder._setDefinition))
                return CodecReturnCode.SET_SKIPPED;
            decoder._setNames = setDefinitions.Names;
            decoder._setData = new RwfReader(decoder.EncodedSetData);
        }
        return CodecReturnCode.SUCCESS;
    }

    /// <summary>The next entry, or END_OF_CONTAINER after the last one.</summary>
    public CodecReturnCode Next(out ElementEntry entry)
    {
        entry = default;
        if (_failure != CodecReturnCode.SUCCESS)
            return _failure;
        CodecReturnCode rc;
        ReadOnlySpan<byte> value;
        if (_setIndex < _setDefinition.Length)
        {
            ElementSetDefEntry definition = _setDefinition[_setIndex];
            rc = SetPrimitives.ReadValue(ref _setData, definition.DataType, out value);
            if (rc != CodecReturnCode.SUCCESS)
                return _failure = rc;
            _setIndex++;
            entry = new ElementEntry(_setNames.Slice(definition.NameOffset, definition.NameLength), definition.DataType, value);
            return CodecReturnCode.SUCCESS;
        }
        if (_standardRemaining == 0)
            return CodecReturnCode.END_OF_CONTAINER;
        rc = _standard.ReadBuffer15(out ReadOnlySpan<byte> name);
        byte type = 0;
        if (rc == CodecReturnCode.SUCCESS)
            rc = _standard.ReadByte(out type);
        value = default;
        if (rc == CodecReturnCode.SUCCESS && type != DataTypes.NO_DATA)
            rc = _standard.ReadBuffer16(out value);
        if (rc != CodecReturnCode.SUCCESS)
            return _failure = rc;
        _standardRemaining--;
        entry = new ElementEntry(name, type, value);
        return CodecReturnCode.SUCCESS;
    }

    private CodecReturnCode ReadHeader(ReadOnlySpan<byte> data)
    {
        var reader = new RwfReader(data);
        reader.ReadByte(out byte flags);
        Flags = (ElementListFlags)flags;
        if ((Flags & ElementListFlags.HAS_ELEMENT_LIST_INFO) != 0)
        {
            if (reader.ReadByte(out byte infoLength) != CodecReturnCode.SUCCESS
                || reader.ReadBytes(infoLength, out ReadOnlySpan<byte> info) != CodecReturnCode.SUCCESS)
                return CodecReturnCode.INCOMPLETE_DATA;
            var infoReader = new RwfReader(info);
            if (infoReader.ReadUInt16(out ushort elementListNum) != CodecReturnCode.SUCCESS)
                return CodecReturnCode.INCOMPLETE_DATA;
            ElementListNum = elementListNum;
        }
        var body = new ListBody();
        if (body.Read(ref reader, flags) != CodecReturnCode.SUCCESS)
            return CodecReturnCode.INCOMPLETE_DATA;
        SetId = body.SetId;
        EncodedSetData = body.SetData;
        StandardCount = _standardRemaining = body.StandardCount;
        _standard = new RwfReader(body.StandardEntries);
        return CodecReturnCode.SUCCESS;
    }
}
