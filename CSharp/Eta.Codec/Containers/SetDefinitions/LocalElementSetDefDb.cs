namespace Eta.Codec;

/// <summary>
/// Element list set definitions carried by a map, vector or series (set ids 0..15). Names are copied into
/// storage allocated once (bounded by the largest possible set definition block), so decoding never allocates.
/// <code>
/// flags(1) count(1) { setId(u15rb) entryCount(1) { name(u15rb len) dataType(1) }* }*
/// </code>
/// </summary>
public sealed class LocalElementSetDefDb
{
    public const int MaxLocalId = SetDefDbFormat.MaxLocalId;
    private const int MaxEntriesPerSet = byte.MaxValue;

    private readonly ElementSetDefEntry[] _entries = new ElementSetDefEntry[(MaxLocalId + 1) * MaxEntriesPerSet];
    private readonly int[] _counts = new int[MaxLocalId + 1];
    private readonly byte[] _names = new byte[RwfWriter.MaxU15rb + 1];
    private int _namesUsed;

    public LocalElementSetDefDb() => Clear();

    /// <summary>Removes every definition.</summary>
    public void Clear()
    {
        _counts.AsSpan().Fill(-1);
        _namesUsed = 0;
    }

    /// <summary>All name bytes; an entry's name is <c>Names.Slice(NameOffset, NameLength)</c>.</summary>
    public ReadOnlySpan<byte> Names => _names.AsSpan(0, _namesUsed);

    public ReadOnlySpan<byte> Name(in ElementSetDefEntry entry) => _names.AsSpan(entry.NameOffset, entry.NameLength);

    public bool TryGet(int setId, out ReadOnlySpan<ElementSetDefEntry> entries)
    {
        entries = default;
        if ((uint)setId > MaxLocalId || _counts[setId] < 0)
            return false;
        entries = _entries.AsSpan(setId * MaxEntriesPerSet, _counts[setId]);
        return true;
    }

    /// <summary>Adds an element to set <paramref name="setId"/> (creating the set), e.g. before encoding.</summary>
    public CodecReturnCode Add(int setId, ReadOnlySpan<byte> name, int dataType)
    {
        if ((uint)setId > MaxLocalId || name.Length > _names.Length - _namesUsed)
            return CodecReturnCode.INVALID_ARGUMENT;
        int count = Math.Max(_counts[setId], 0);
        if (count >= MaxEntriesPerSet)
            return CodecReturnCode.INVALID_ARGUMENT;
        name.CopyTo(_names.AsSpan(_namesUsed));
        _entries[setId * MaxEntriesPerSet + count] = new ElementSetDefEntry(_namesUsed, name.Length, dataType);
        _namesUsed += name.Length;
        _counts[setId] = count + 1;
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
            _counts[setId] = 0;
            for (int j = 0; j < count; j++)
            {
                if (reader.ReadBuffer15(out ReadOnlySpan<byte> name) != CodecReturnCode.SUCCESS
                    || reader.ReadByte(out byte type) != CodecReturnCode.SUCCESS)
                    return Fail(CodecReturnCode.INCOMPLETE_DATA);
                if (Add(setId, name, type) != CodecReturnCode.SUCCESS)
                    return Fail(CodecReturnCode.INVALID_DATA);
            }
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
            if (!TryGet(setId, out ReadOnlySpan<ElementSetDefEntry> entries))
                continue;
            defined++;
            rc = SetDefDbFormat.WriteSetHeader(ref writer, setId, entries.Length);
            foreach (ElementSetDefEntry entry in entries)
            {
                if (rc == CodecReturnCode.SUCCESS)
                    rc = writer.WriteBuffer15(Name(entry));
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
