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

    private readonly SetDefTable<ElementSetDefEntry> _sets = new();
    private readonly byte[] _names = new byte[RwfWriter.MaxU15rb + 1];
    private int _namesUsed;

    /// <summary>Removes every definition.</summary>
    public void Clear()
    {
        _sets.Clear();
        _namesUsed = 0;
    }

    /// <summary>All name bytes; an entry's name is <c>Names.Slice(NameOffset, NameLength)</c>.</summary>
    public ReadOnlySpan<byte> Names => _names.AsSpan(0, _namesUsed);

    public ReadOnlySpan<byte> Name(in ElementSetDefEntry entry) => _names.AsSpan(entry.NameOffset, entry.NameLength);

    public bool TryGet(int setId, out ReadOnlySpan<ElementSetDefEntry> entries) => _sets.TryGet(setId, out entries);

    /// <summary>Adds an element to set <paramref name="setId"/> (creating the set), e.g. before encoding.</summary>
    public CodecReturnCode Add(int setId, ReadOnlySpan<byte> name, int dataType)
    {
        if (name.Length > _names.Length - _namesUsed
            || !_sets.TryAppend(setId, new ElementSetDefEntry(_namesUsed, name.Length, dataType)))
            return CodecReturnCode.InvalidArgument;
        name.CopyTo(_names.AsSpan(_namesUsed));
        _namesUsed += name.Length;
        return CodecReturnCode.Success;
    }

    /// <summary>Replaces the content with the definitions encoded in <paramref name="encodedSetDefs"/>.</summary>
    public CodecReturnCode Decode(ReadOnlySpan<byte> encodedSetDefs)
    {
        Clear();
        var reader = new RwfReader(encodedSetDefs);
        CodecReturnCode rc = SetDefDbFormat.ReadHeader(ref reader, out int setCount);
        if (rc != CodecReturnCode.Success)
            return rc;
        for (int i = 0; i < setCount; i++)
        {
            rc = SetDefDbFormat.ReadSetHeader(ref reader, _sets, out int setId, out int count);
            if (rc != CodecReturnCode.Success)
                return Fail(rc);
            _sets.DefineEmpty(setId);
            for (int j = 0; j < count; j++)
            {
                if (reader.ReadBuffer15(out ReadOnlySpan<byte> name) != CodecReturnCode.Success
                    || reader.ReadByte(out byte type) != CodecReturnCode.Success)
                    return Fail(CodecReturnCode.IncompleteData);
                if (Add(setId, name, type) != CodecReturnCode.Success)
                    return Fail(CodecReturnCode.InvalidData);
            }
        }
        return CodecReturnCode.Success;
    }

    /// <summary>Writes every defined set (the form <see cref="Decode"/> reads).</summary>
    public CodecReturnCode Encode(ref RwfWriter writer)
    {
        CodecReturnCode rc = SetDefDbWriter.Begin(ref writer, out SetDefDbWriter db);
        for (int setId = 0; rc == CodecReturnCode.Success && setId <= MaxLocalId; setId++)
        {
            if (!TryGet(setId, out ReadOnlySpan<ElementSetDefEntry> entries))
                continue;
            rc = db.BeginSet(ref writer, setId, entries.Length);
            foreach (ElementSetDefEntry entry in entries)
            {
                if (rc == CodecReturnCode.Success)
                    rc = writer.WriteBuffer15(Name(entry));
                if (rc == CodecReturnCode.Success)
                    rc = writer.WriteByte((byte)entry.DataType);
            }
        }
        return db.End(ref writer, rc);
    }

    private CodecReturnCode Fail(CodecReturnCode rc)
    {
        Clear();
        return rc;
    }
}
