namespace Eta.Codec;

/// <summary>
/// Writes the framing of a set definition database (see <see cref="SetDefDbFormat"/>) around the entries the
/// owning database writes: flags and a set count patched in at the end, and each set's header. On failure
/// <see cref="End"/> rolls the writer back to where the database began.
/// </summary>
internal struct SetDefDbWriter
{
    private int _mark;
    private int _countOffset;
    private int _setCount;

    /// <summary>Writes flags and a placeholder set count.</summary>
    public static CodecReturnCode Begin(ref RwfWriter writer, out SetDefDbWriter db)
    {
        db = new SetDefDbWriter { _mark = writer.Mark(), _countOffset = writer.Position + 1 };
        CodecReturnCode rc = writer.WriteByte(0);
        return rc == CodecReturnCode.Success ? writer.WriteByte(0) : rc;
    }

    /// <summary>Writes one set's id and entry count; its entries follow.</summary>
    public CodecReturnCode BeginSet(ref RwfWriter writer, int setId, int entryCount)
    {
        _setCount++;
        CodecReturnCode rc = writer.WriteU15rb(setId);
        return rc == CodecReturnCode.Success ? writer.WriteByte((byte)entryCount) : rc;
    }

    /// <summary>Patches the set count in, or rolls back everything when <paramref name="rc"/> is a failure.</summary>
    public readonly CodecReturnCode End(ref RwfWriter writer, CodecReturnCode rc)
    {
        if (rc != CodecReturnCode.Success)
        {
            writer.Rollback(_mark);
            return rc;
        }
        writer.PatchByte(_countOffset, (byte)_setCount);
        return CodecReturnCode.Success;
    }
}
