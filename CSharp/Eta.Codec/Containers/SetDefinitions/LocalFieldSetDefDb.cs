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

    private readonly SetDefTable<FieldSetDefEntry> _sets = new();

    /// <summary>Removes every definition.</summary>
    public void Clear() => _sets.Clear();

    /// <summary>The entries of set <paramref name="setId"/>, if defined.</summary>
    public bool TryGet(int setId, out ReadOnlySpan<FieldSetDefEntry> entries) => _sets.TryGet(setId, out entries);

    /// <summary>Defines (or redefines) set <paramref name="setId"/>, e.g. before encoding the database.</summary>
    public CodecReturnCode Define(int setId, ReadOnlySpan<FieldSetDefEntry> entries) =>
        _sets.TryDefine(setId, entries) ? CodecReturnCode.Success : CodecReturnCode.InvalidArgument;

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
                if (reader.ReadInt16(out short fieldId) != CodecReturnCode.Success || reader.ReadByte(out byte type) != CodecReturnCode.Success)
                    return Fail(CodecReturnCode.IncompleteData);
                _sets.TryAppend(setId, new FieldSetDefEntry(fieldId, type));   // count <= 255 always fits
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
            if (!TryGet(setId, out ReadOnlySpan<FieldSetDefEntry> entries))
                continue;
            rc = db.BeginSet(ref writer, setId, entries.Length);
            foreach (FieldSetDefEntry entry in entries)
            {
                if (rc == CodecReturnCode.Success)
                    rc = writer.WriteInt16((short)entry.FieldId);
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
