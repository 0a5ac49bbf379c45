namespace Eta.Codec;

/// <summary>
/// The element set definition (set 0) of encoded field dictionary entries, as LSEG providers declare it, and the
/// writer of one entry's set data. Set-defined entries carry no names and compact types, about a third of the size
/// of standard element lists.
/// <code>
/// NAME AsciiString  FID Int2  RIPPLETO Int2  TYPE Int1  LENGTH UInt2  RWFTYPE UInt1  RWFLEN UInt2
/// [ENUMLENGTH UInt1  LONGNAME AsciiString]   (NORMAL verbosity and above)
/// </code>
/// </summary>
internal static class FieldSetDefinitions
{
    private static readonly byte[] s_minimal = Encode(includeNormal: false);
    private static readonly byte[] s_normal = Encode(includeNormal: true);

    /// <summary>The encoded set definitions for <paramref name="verbosity"/> (below INFO: none are sent).</summary>
    public static ReadOnlySpan<byte> For(Rdm.DictionaryVerbosity verbosity) =>
        verbosity >= Rdm.DictionaryVerbosity.Normal ? s_normal : s_minimal;

    /// <summary>Bytes of set data an entry can need: the two names with their 3-byte lengths plus fixed columns.</summary>
    public static int MaxSetDataSize(DictionaryEntry entry) =>
        entry.AcronymBytes.Length + entry.DdeAcronymBytes.Length + 3 + 3 + 2 + 2 + 1 + 2 + 1 + 2 + 1;

    /// <summary>Writes one entry's values in set-definition order.</summary>
    public static CodecReturnCode Write(ref RwfWriter writer, DictionaryEntry entry, bool includeNormal)
    {
        CodecReturnCode rc = SetValueWriter.WriteBuffer(ref writer, DataTypes.AsciiString, entry.AcronymBytes);
        if (rc == CodecReturnCode.Success)
            rc = SetValueWriter.Write(ref writer, DataTypes.Int2, new Int(entry.FieldId));
        if (rc == CodecReturnCode.Success)
            rc = SetValueWriter.Write(ref writer, DataTypes.Int2, new Int(entry.RippleToField));
        if (rc == CodecReturnCode.Success)
            rc = SetValueWriter.Write(ref writer, DataTypes.Int1, new Int((int)entry.FieldType));
        if (rc == CodecReturnCode.Success)
            rc = SetValueWriter.Write(ref writer, DataTypes.UInt2, new UInt(entry.Length));
        if (rc == CodecReturnCode.Success)
            rc = SetValueWriter.Write(ref writer, DataTypes.UInt1, new UInt((ulong)entry.RwfType));
        if (rc == CodecReturnCode.Success)
            rc = SetValueWriter.Write(ref writer, DataTypes.UInt2, new UInt(entry.RwfLength));
        if (includeNormal)
        {
            if (rc == CodecReturnCode.Success)
                rc = SetValueWriter.Write(ref writer, DataTypes.UInt1, new UInt(entry.EnumLength));
            if (rc == CodecReturnCode.Success)
                rc = SetValueWriter.WriteBuffer(ref writer, DataTypes.AsciiString, entry.DdeAcronymBytes);
        }
        return rc;
    }

    private static byte[] Encode(bool includeNormal)
    {
        var definitions = new LocalElementSetDefDb();
        definitions.Add(0, DictionaryElementNames.Name, DataTypes.AsciiString);
        definitions.Add(0, DictionaryElementNames.Fid, DataTypes.Int2);
        definitions.Add(0, DictionaryElementNames.RippleTo, DataTypes.Int2);
        definitions.Add(0, DictionaryElementNames.FieldType, DataTypes.Int1);
        definitions.Add(0, DictionaryElementNames.Length, DataTypes.UInt2);
        definitions.Add(0, DictionaryElementNames.RwfType, DataTypes.UInt1);
        definitions.Add(0, DictionaryElementNames.RwfLength, DataTypes.UInt2);
        if (includeNormal)
        {
            definitions.Add(0, DictionaryElementNames.EnumLength, DataTypes.UInt1);
            definitions.Add(0, DictionaryElementNames.LongName, DataTypes.AsciiString);
        }
        var buffer = new byte[256];
        var writer = new RwfWriter(buffer);
        if (definitions.Encode(ref writer) != CodecReturnCode.Success)
            throw new InvalidOperationException("the field dictionary set definitions do not fit 256 bytes");
        return writer.Written.ToArray();
    }
}
