namespace Eta.Codec;

/// <summary>
/// Decodes a container completely: every entry, every nested container, every primitive (standard field entries,
/// whose type needs a dictionary, are tried as each primitive type). Used to prove that any input, however
/// malformed, ends in a return code without throwing, hanging or allocating (fuzz tests and benchmarks).
/// </summary>
internal sealed class ContainerWalker
{
    private readonly LocalFieldSetDefDb _fieldSets = new();
    private readonly LocalElementSetDefDb _elementSets = new();

    /// <summary>Entries visited in the last walks (keeps the work observable).</summary>
    public long Entries { get; private set; }

    /// <summary>Primitives decoded successfully (or as blank).</summary>
    public long Primitives { get; private set; }

    public CodecReturnCode Walk(int containerType, ReadOnlySpan<byte> data, int depth = 0)
    {
        if (depth >= RwfEncoder.MaxDepth)
            return CodecReturnCode.ITERATOR_OVERRUN;
        return containerType switch
        {
            DataTypes.FIELD_LIST => WalkFieldList(data, depth),
            DataTypes.ELEMENT_LIST => WalkElementList(data, depth),
            DataTypes.MAP => WalkMap(data, depth),
            DataTypes.VECTOR => WalkVector(data, depth),
            DataTypes.SERIES => WalkSeries(data, depth),
            DataTypes.FILTER_LIST => WalkFilterList(data, depth),
            _ => CodecReturnCode.SUCCESS,
        };
    }

    /// <summary>Decodes <paramref name="data"/> as a value of <paramref name="dataType"/>.</summary>
    public CodecReturnCode WalkValue(int dataType, ReadOnlySpan<byte> data, int depth)
    {
        CodecReturnCode rc = dataType switch
        {
            DataTypes.INT => Int.Decode(data, out _),
            DataTypes.UINT => UInt.Decode(data, out _),
            DataTypes.FLOAT => Float.Decode(data, out _),
            DataTypes.DOUBLE => RwfDouble.Decode(data, out _),
            DataTypes.REAL => Real.Decode(data, out _),
            DataTypes.DATE => Date.Decode(data, out _),
            DataTypes.TIME => Time.Decode(data, out _),
            DataTypes.DATETIME => RwfDateTime.Decode(data, out _),
            DataTypes.QOS => Qos.Decode(data, out _),
            DataTypes.STATE => State.Decode(data, out _),
            DataTypes.ENUM => RwfEnum.Decode(data, out _),
            DataTypes.ARRAY => WalkArray(data),
            DataTypes.BUFFER or DataTypes.ASCII_STRING or DataTypes.UTF8_STRING or DataTypes.RMTES_STRING =>
                RwfBuffer.Decode(data, dataType, out _),
            _ => Walk(dataType, data, depth + 1),
        };
        if (rc >= CodecReturnCode.SUCCESS && dataType < DataTypes.CONTAINER_TYPE_MIN)
            Primitives++;
        return rc;
    }

    // A standard field entry's type is only known from a dictionary: try it as every primitive.
    private void WalkUnknownValue(ReadOnlySpan<byte> data, int depth)
    {
        for (int type = DataTypes.INT; type <= DataTypes.RMTES_STRING; type++)
        {
            if (DataTypes.IsPrimitive(type))
                WalkValue(type, data, depth);
        }
    }

    private CodecReturnCode WalkArray(ReadOnlySpan<byte> data)
    {
        CodecReturnCode rc = ArrayDecoder.Decode(data, out ArrayDecoder array);
        if (rc != CodecReturnCode.SUCCESS)
            return rc;
        while ((rc = array.Next(out ReadOnlySpan<byte> item)) == CodecReturnCode.SUCCESS)
        {
            Entries++;
            if (array.EncodedType is DataTypes.REAL_4RB or DataTypes.REAL_8RB)
                SetPrimitives.DecodeRealRb(item, out _);
            else if (array.PrimitiveType != DataTypes.ARRAY)
                WalkValue(array.PrimitiveType, item, RwfEncoder.MaxDepth);
        }
        return rc == CodecReturnCode.END_OF_CONTAINER ? CodecReturnCode.SUCCESS : rc;
    }

    private CodecReturnCode WalkFieldList(ReadOnlySpan<byte> data, int depth)
    {
        CodecReturnCode rc = FieldListDecoder.Decode(data, out FieldListDecoder list, _fieldSets);
        if (rc < CodecReturnCode.SUCCESS)
            return rc;
        while ((rc = list.Next(out FieldEntry entry)) == CodecReturnCode.SUCCESS)
        {
            Entries++;
            if (entry.EncodedType == DataTypes.UNKNOWN)
                WalkUnknownValue(entry.EncodedData, depth);
            else if (entry.EncodedType is DataTypes.REAL_4RB or DataTypes.REAL_8RB)
                entry.Decode(out Real _);
            else
                WalkValue(entry.DataType, entry.EncodedData, depth);
        }
        return EndCode(rc);
    }

    private CodecReturnCode WalkElementList(ReadOnlySpan<byte> data, int depth)
    {
        CodecReturnCode rc = ElementListDecoder.Decode(data, out ElementListDecoder list, _elementSets);
        if (rc < CodecReturnCode.SUCCESS)
            return rc;
        while ((rc = list.Next(out ElementEntry entry)) == CodecReturnCode.SUCCESS)
        {
            Entries++;
            if (entry.EncodedType is DataTypes.REAL_4RB or DataTypes.REAL_8RB)
                entry.Decode(out Real _);
            else
                WalkValue(entry.DataType, entry.EncodedData, depth);
        }
        return EndCode(rc);
    }

    private CodecReturnCode WalkMap(ReadOnlySpan<byte> data, int depth)
    {
        CodecReturnCode rc = MapDecoder.Decode(data, out MapDecoder map);
        if (rc != CodecReturnCode.SUCCESS)
            return rc;
        LoadSetDefinitions(map.ContainerType, map.EncodedSetDefs);
        Walk(map.ContainerType, map.EncodedSummaryData, depth + 1);
        while ((rc = map.Next(out MapEntry entry)) == CodecReturnCode.SUCCESS)
        {
            Entries++;
            WalkValue(map.KeyPrimitiveType, entry.EncodedKey, depth);
            Walk(map.ContainerType, entry.EncodedData, depth + 1);
        }
        return EndCode(rc);
    }

    private CodecReturnCode WalkVector(ReadOnlySpan<byte> data, int depth)
    {
        CodecReturnCode rc = VectorDecoder.Decode(data, out VectorDecoder vector);
        if (rc != CodecReturnCode.SUCCESS)
            return rc;
        LoadSetDefinitions(vector.ContainerType, vector.EncodedSetDefs);
        Walk(vector.ContainerType, vector.EncodedSummaryData, depth + 1);
        while ((rc = vector.Next(out VectorEntry entry)) == CodecReturnCode.SUCCESS)
        {
            Entries++;
            Walk(vector.ContainerType, entry.EncodedData, depth + 1);
        }
        return EndCode(rc);
    }

    private CodecReturnCode WalkSeries(ReadOnlySpan<byte> data, int depth)
    {
        CodecReturnCode rc = SeriesDecoder.Decode(data, out SeriesDecoder series);
        if (rc != CodecReturnCode.SUCCESS)
            return rc;
        LoadSetDefinitions(series.ContainerType, series.EncodedSetDefs);
        Walk(series.ContainerType, series.EncodedSummaryData, depth + 1);
        while ((rc = series.Next(out ReadOnlySpan<byte> entry)) == CodecReturnCode.SUCCESS)
        {
            Entries++;
            Walk(series.ContainerType, entry, depth + 1);
        }
        return EndCode(rc);
    }

    private CodecReturnCode WalkFilterList(ReadOnlySpan<byte> data, int depth)
    {
        CodecReturnCode rc = FilterListDecoder.Decode(data, out FilterListDecoder list);
        if (rc != CodecReturnCode.SUCCESS)
            return rc;
        while ((rc = list.Next(out FilterEntry entry)) == CodecReturnCode.SUCCESS)
        {
            Entries++;
            Walk(entry.ContainerType, entry.EncodedData, depth + 1);
        }
        return EndCode(rc);
    }

    private void LoadSetDefinitions(int containerType, ReadOnlySpan<byte> encodedSetDefs)
    {
        if (encodedSetDefs.IsEmpty)
            return;
        if (containerType == DataTypes.FIELD_LIST)
            _fieldSets.Decode(encodedSetDefs);
        else if (containerType == DataTypes.ELEMENT_LIST)
            _elementSets.Decode(encodedSetDefs);
    }

    private static CodecReturnCode EndCode(CodecReturnCode rc) =>
        rc == CodecReturnCode.END_OF_CONTAINER ? CodecReturnCode.SUCCESS : rc;
}
