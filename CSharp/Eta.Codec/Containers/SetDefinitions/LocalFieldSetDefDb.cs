namespace Eta.Codec;

/// <summary>
/// Field list set definitions carried by a map, vector or series (set ids 0..15). Reusable: decoding replaces
/// the content; storage is allocated once, so decoding never allocates.
/// <code>
/// flags(1) count(1) { setId(u15rb) entryCount(1) { fieldId(2) dataType(1) }* }*
/// </code>
/// </summary>
public sealed class LocalFieldSetDefDb
{
    public const int MaxLocalId = SetDefDbFormat.MaxLocalId;
    private const int MaxEntriesPerSet = byte.MaxValue;

    private readonly FieldSetDefEntry[] _entries = new FieldSetDefEntry[(MaxLocalId + 1) * MaxEntriesPerSet];
    private readonly int[] _counts = new int[MaxLocalId + 1];

    public LocalFieldSetDefDb() => Clear();

    /// <summary>Removes every definition.</summary>
    public void Clear() => _counts.AsSpan().Fill(-1);

    /// <summary>The entries of set <paramref name="setId"/>, if defined.</summary>
    public bool TryGet(int setId, out ReadOnlySpan<FieldSetDefEntry> entries)
    {
        entries = default;
        if ((uint)setId > MaxLocalId || _counts[setId] < 0)
            return false;
        entries = _entries.AsSpan(setId * MaxEntriesPerSet, _counts[setId]);
        return true;
    }

    /// <summary>Defines (or redefines) set <paramref name="setId"/>, e.g. before encoding the database.</summary>
    public CodecReturnCode Define(int setId, ReadOnlySpan<FieldSetDefEntry> entries)
    {
        if ((uint)setId > MaxLocalId || entries.Length > MaxEntriesPerSet)
            return CodecReturnCode.INVALID_ARGUMENT;
        entries.CopyTo(_entries.AsSpan(setId * MaxEntriesPerSet));
        _counts[setId] = entries.Length;
        return CodecReturnCode.SUCCESS;
    }

    /// <summary>Replaces the content with the definitions encoded in <paramref name="encodedSetDefs"/>.</summary>
    public CodecReturnCode Decode(ReadOnlySpan<byte> encodedSetDefs)
    {
        Clear();
        var reader = new RwfReader(encodedSetDefs);
        CodecReturnCode rc = SetDefDbFormat.ReadHeader(ref reader, out int setCount);
        if (rc != CodecReturnCode.SUCCESS)
            return rc;
        for (int i = 0; i < setCount; i++)
        {
            rc = SetDefDbFormat.ReadSetHeader(ref reader, _counts, out int setId, out int count);
            if (rc != CodecReturnCode.SUCCESS)
                return Fail(rc);
            Span<FieldSetDefEntry> target = _entries.AsSpan(setId * MaxEntriesPerSet, count);
            for (int j = 0; j < count; j++)
            {
                if (reader.ReadInt16(out short fieldId) != CodecReturnCode.SUCCESS || reader.ReadByte(out byte type) != CodecReturnCode.SUCCESS)
                    return Fail(CodecReturnCode.INCOMPLETE_DATA);
                target[j] = new FieldSetDefEntry(fieldId, type);
            }
            _counts[setId] = count;
        }
        return CodecReturnCode.SUCCESS;
    }

    /// <summary>Writes every defined set (the form <see cref="Decode"/> reads).</summary>
    public CodecReturnCode Encode(ref RwfWriter writer)
    {
        int mark = writer.Mark();
        CodecReturnCode rc = SetDefDbFormat.WriteHeader(ref writer, out int countOffset);
        int defined = 0;
        for (int setId = 0; rc == CodecReturnCode.SUCCESS && setId <= MaxLocalId; setId++)
        {
            if (!TryGet(setId, out ReadOnlySpan<FieldSetDefEntry> entries))
                continue;
            defined++;
            rc = SetDefDbFormat.WriteSetHeader(ref writer, setId, entries.Length);
            foreach (FieldSetDefEntry entry in entries)
            {
                if (rc == CodecReturnCode.SUCCESS)
                    rc = writer.WriteInt16((short)entry.FieldId);
                if (rc == CodecReturnCode.SUCCESS)
                    rc = writer.WriteByte((byte)entry.DataType);
            }
        }
        if (rc != CodecReturnCode.SUCCESS)
        {
            writer.Rollback(mark);
            return rc;
        }
        writer.PatchByte(countOffset, (byte)defined);
        return CodecReturnCode.SUCCESS;
    }

    private CodecReturnCode Fail(CodecReturnCode rc)
    {
        Clear();
        return rc;
    }
}
