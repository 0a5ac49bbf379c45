using Eta.Codec;

namespace PerfTools.PerfHub.Cache;

/// <summary>
/// The fields an update's field list carries, in order, with its field list info: two updates of one shape write the
/// same fields of an image, so merging the later one alone leaves the image as merging both would (same values, same
/// order of any field the image lacked, same info). NIProvPerf's updates of one item all have one shape. Immutable;
/// made by <see cref="UpdateShapes"/>.
/// </summary>
internal sealed class UpdateShape(short[] fieldIds, FieldListFlags infoFlag, int dictionaryId, int fieldListNum)
{
    private readonly short[] _fieldIds = fieldIds;

    public bool Matches(ReadOnlySpan<short> fieldIds, FieldListFlags infoFlag, int dictionaryId, int fieldListNum) =>
        infoFlag == InfoFlag && dictionaryId == DictionaryId && fieldListNum == FieldListNum && fieldIds.SequenceEqual(_fieldIds);

    /// <summary>Whether a field list's entries, read to their end, carry exactly these fields in this order.</summary>
    public bool Matches(StandardFieldEntries entries, FieldListFlags infoFlag, int dictionaryId, int fieldListNum)
    {
        short[] fieldIds = _fieldIds;
        if (infoFlag != InfoFlag || dictionaryId != DictionaryId || fieldListNum != FieldListNum || entries.Remaining != fieldIds.Length)
            return false;
        for (int i = 0; i < fieldIds.Length; i++)
        {
            if (entries.Next(out FieldEntry entry) != CodecReturnCode.Success || entry.FieldId != fieldIds[i])
                return false;
        }
        return entries.Next(out _) == CodecReturnCode.EndOfContainer;
    }

    public FieldListFlags InfoFlag { get; } = infoFlag;

    public int DictionaryId { get; } = dictionaryId;

    public int FieldListNum { get; } = fieldListNum;
}

/// <summary>
/// The update shapes seen (<see cref="UpdateShape"/>), each made once: an update is matched against a hint (its item's
/// previous update's shape) and the last shape found before any table is searched, so a feed of one shape costs one
/// comparison. At most <see cref="MaxShapes"/> are kept; an update of another shape, or that does not decode, has
/// none (the hub merges it at once). Used by the hub's one thread; allocates only for a new shape.
/// </summary>
internal sealed class UpdateShapes
{
    public const int MaxShapes = 1024;

    /// <summary>An update with more fields has no shape (merged at once).</summary>
    public const int MaxFields = 128;

    private readonly Dictionary<int, List<UpdateShape>> _byHash = [];
    private UpdateShape? _last;

    public int Count { get; private set; }

    /// <summary>The shape of <paramref name="fieldList"/>, or null (it does not decode to its end, has set-defined data or too many fields, or the table is full).</summary>
    public UpdateShape? Of(ReadOnlySpan<byte> fieldList, UpdateShape? hint)
    {
        // Success means standard entries only: set-defined data has no definitions here (SetSkipped).
        if (FieldListDecoder.Decode(fieldList, out FieldListDecoder decoder) != CodecReturnCode.Success)
            return null;
        FieldListFlags info = decoder.Flags & FieldListFlags.HasFieldListInfo;
        int dictionaryId = info != 0 ? decoder.DictionaryId : 0;
        int fieldListNum = info != 0 ? decoder.FieldListNum : 0;
        // The usual case: the item's previous update (or the last one seen) had these fields, compared as they are read.
        UpdateShape? likely = hint ?? _last;
        if (likely is not null && likely.Matches(decoder.StandardEntries, info, dictionaryId, fieldListNum))
            return likely;
        Span<short> fieldIds = stackalloc short[MaxFields];
        int count = 0;
        StandardFieldEntries entries = decoder.StandardEntries;
        CodecReturnCode rc;
        while ((rc = entries.Next(out FieldEntry entry)) == CodecReturnCode.Success)
        {
            if (count == MaxFields)
                return null;
            fieldIds[count++] = (short)entry.FieldId;
        }
        if (rc != CodecReturnCode.EndOfContainer)
            return null;
        ReadOnlySpan<short> fields = fieldIds[..count];
        if (_last is not null && _last != likely && _last.Matches(fields, info, dictionaryId, fieldListNum))
            return _last;
        return _last = Find(fields, info, dictionaryId, fieldListNum);
    }

    private UpdateShape? Find(ReadOnlySpan<short> fields, FieldListFlags info, int dictionaryId, int fieldListNum)
    {
        var hash = new HashCode();
        hash.Add(fields.Length);
        foreach (short fieldId in fields)
            hash.Add(fieldId);
        int key = hash.ToHashCode();
        if (_byHash.TryGetValue(key, out List<UpdateShape>? shapes))
        {
            foreach (UpdateShape shape in shapes)
            {
                if (shape.Matches(fields, info, dictionaryId, fieldListNum))
                    return shape;
            }
        }
        if (Count == MaxShapes)
            return null;
        var made = new UpdateShape(fields.ToArray(), info, dictionaryId, fieldListNum);
        if (shapes is null)
        {
            shapes = [];
            _byHash.Add(key, shapes);
        }
        shapes.Add(made);
        Count++;
        return made;
    }
}
