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
            return CodecReturnCode.IteratorOverrun;
        return containerType switch
        {
            DataTypes.FieldList => WalkFieldList(data, depth),
            DataTypes.ElementList => WalkElementList(data, depth),
            DataTypes.Map => WalkMap(data, depth),
            DataTypes.Vector => WalkVector(data, depth),
            DataTypes.Series => WalkSeries(data, depth),
            DataTypes.FilterList => WalkFilterList(data, depth),
            _ => CodecReturnCode.Success,
        };
    }

    /// <summary>Decodes <paramref name="data"/> as a value of <paramref name="dataType"/>.</summary>
    public CodecReturnCode WalkValue(int dataType, ReadOnlySpan<byte> data, int depth)
    {
        CodecReturnCode rc = dataType switch
        {
            DataTypes.Int => Int.Decode(data, out _),
            DataTypes.UInt => UInt.Decode(data, out _),
            DataTypes.Float => Float.Decode(data, out _),
            DataTypes.Double => RwfDouble.Decode(data, out _),
            DataTypes.Real => Real.Decode(data, out _),
            DataTypes.Date => Date.Decode(data, out _),
            DataTypes.Time => Time.Decode(data, out _),
            DataTypes.DateTime => RwfDateTime.Decode(data, out _),
            DataTypes.Qos => Qos.Decode(data, out _),
            DataTypes.State => State.Decode(data, out _),
            DataTypes.Enum => RwfEnum.Decode(data, out _),
            DataTypes.Array => WalkArray(data),
            DataTypes.Buffer or DataTypes.AsciiString or DataTypes.Utf8String or DataTypes.RmtesString =>
                RwfBuffer.Decode(data, dataType, out _),
            _ => Walk(dataType, data, depth + 1),
        };
        if (rc >= CodecReturnCode.Success && dataType < DataTypes.ContainerTypeMin)
            Primitives++;
        return rc;
    }

    // A standard field entry's type is only known from a dictionary: try it as every primitive.
    private void WalkUnknownValue(ReadOnlySpan<byte> data, int depth)
    {
        for (int type = DataTypes.Int; type <= DataTypes.RmtesString; type++)
        {
            if (DataTypes.IsPrimitive(type))
                WalkValue(type, data, depth);
        }
    }

    private CodecReturnCode WalkArray(ReadOnlySpan<byte> data)
    {
        CodecReturnCode rc = ArrayDecoder.Decode(data, out ArrayDecoder array);
        if (rc != CodecReturnCode.Success)
            return rc;
        while ((rc = array.Next(out ReadOnlySpan<byte> item)) == CodecReturnCode.Success)
        {
            Entries++;
            if (array.EncodedType is DataTypes.Real4Rb or DataTypes.Real8Rb)
                SetPrimitives.DecodeRealRb(item, out _);
            else if (array.PrimitiveType != DataTypes.Array)
                WalkValue(array.PrimitiveType, item, RwfEncoder.MaxDepth);
        }
        return rc == CodecReturnCode.EndOfContainer ? CodecReturnCode.Success : rc;
    }

    private CodecReturnCode WalkFieldList(ReadOnlySpan<byte> data, int depth)
    {
        CodecReturnCode rc = FieldListDecoder.Decode(data, out FieldListDecoder list, _fieldSets);
        if (rc < CodecReturnCode.Success)
            return rc;
        while ((rc = list.Next(out FieldEntry entry)) == CodecReturnCode.Success)
        {
            Entries++;
            if (entry.EncodedType == DataTypes.Unknown)
                WalkUnknownValue(entry.EncodedData, depth);
            else if (entry.EncodedType is DataTypes.Real4Rb or DataTypes.Real8Rb)
                entry.Decode(out Real _);
            else
                WalkValue(entry.DataType, entry.EncodedData, depth);
        }
        return EndCode(rc);
    }

    private CodecReturnCode WalkElementList(ReadOnlySpan<byte> data, int depth)
    {
        CodecReturnCode rc = ElementListDecoder.Decode(data, out ElementListDecoder list, _elementSets);
        if (rc < CodecReturnCode.Success)
            return rc;
        while ((rc = list.Next(out ElementEntry entry)) == CodecReturnCode.Success)
        {
            Entries++;
            if (entry.EncodedType is DataTypes.Real4Rb or DataTypes.Real8Rb)
                entry.Decode(out Real _);
            else
                WalkValue(entry.DataType, entry.EncodedData, depth);
        }
        return EndCode(rc);
    }

    private CodecReturnCode WalkMap(ReadOnlySpan<byte> data, int depth)
    {
        CodecReturnCode rc = MapDecoder.Decode(data, out MapDecoder map);
        if (rc != CodecReturnCode.Success)
            return rc;
        LoadSetDefinitions(map.ContainerType, map.EncodedSetDefs);
        Walk(map.ContainerType, map.EncodedSummaryData, depth + 1);
        while ((rc = map.Next(out MapEntry entry)) == CodecReturnCode.Success)
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
        if (rc != CodecReturnCode.Success)
            return rc;
        LoadSetDefinitions(vector.ContainerType, vector.EncodedSetDefs);
        Walk(vector.ContainerType, vector.EncodedSummaryData, depth + 1);
        while ((rc = vector.Next(out VectorEntry entry)) == CodecReturnCode.Success)
        {
            Entries++;
            Walk(vector.ContainerType, entry.EncodedData, depth + 1);
        }
        return EndCode(rc);
    }

    private CodecReturnCode WalkSeries(ReadOnlySpan<byte> data, int depth)
    {
        CodecReturnCode rc = SeriesDecoder.Decode(data, out SeriesDecoder series);
        if (rc != CodecReturnCode.Success)
            return rc;
        LoadSetDefinitions(series.ContainerType, series.EncodedSetDefs);
        Walk(series.ContainerType, series.EncodedSummaryData, depth + 1);
        while ((rc = series.Next(out ReadOnlySpan<byte> entry)) == CodecReturnCode.Success)
        {
            Entries++;
            Walk(series.ContainerType, entry, depth + 1);
        }
        return EndCode(rc);
    }

    private CodecReturnCode WalkFilterList(ReadOnlySpan<byte> data, int depth)
    {
        CodecReturnCode rc = FilterListDecoder.Decode(data, out FilterListDecoder list);
        if (rc != CodecReturnCode.Success)
            return rc;
        while ((rc = list.Next(out FilterEntry entry)) == CodecReturnCode.Success)
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
        if (containerType == DataTypes.FieldList)
            _fieldSets.Decode(encodedSetDefs);
        else if (containerType == DataTypes.ElementList)
            _elementSets.Decode(encodedSetDefs);
    }

    private static CodecReturnCode EndCode(CodecReturnCode rc) =>
        rc == CodecReturnCode.EndOfContainer ? CodecReturnCode.Success : rc;
}
