namespace Eta.Codec;

/// <summary>
/// Writes and reads a <see cref="MsgKey"/> inside a message header. On the wire the key is preceded by its own
/// size, always written as a 2-byte u15rb (as ETA does), so a reader can skip keys it does not understand.
/// </summary>
internal static class MsgKeyCodec
{
    /// <summary>
    /// Writes the key size and the key. When the key has an attribute that is not yet encoded
    /// (<see cref="MsgKey.EncodedAttrib"/> empty, container type not NoData), a length is reserved for it and
    /// <paramref name="attribSlot"/> is set: the caller encodes the attribute in place, then completes the
    /// attribute slot and the key slot, in that order. Otherwise both are complete on return.
    /// </summary>
    public static void Write(ref HeaderWriter w, scoped in MsgKey key, out LengthSlot keySlot, out LengthSlot? attribSlot)
    {
        attribSlot = null;
        keySlot = w.Reserve(LengthEncoding.U15rb);
        MsgKeyFlags flags = WireFlags(key);
        w.U15rb((int)flags);
        if ((flags & MsgKeyFlags.HasServiceId) != 0)
            w.U16ob(key.ServiceId);
        if ((flags & MsgKeyFlags.HasName) != 0)
        {
            w.Buffer8(key.Name);
            if ((flags & MsgKeyFlags.HasNameType) != 0)
                w.Byte(key.NameType);
        }
        if ((flags & MsgKeyFlags.HasFilter) != 0)
            w.UInt32(key.Filter);
        if ((flags & MsgKeyFlags.HasIdentifier) != 0)
            w.UInt32((uint)key.Identifier);
        if ((flags & MsgKeyFlags.HasAttrib) != 0)
        {
            w.ContainerType(key.AttribContainerType);
            if (key.AttribContainerType != DataTypes.NoData)
            {
                if (key.EncodedAttrib.IsEmpty)
                {
                    attribSlot = w.Reserve(LengthEncoding.U15rb);
                    return;
                }
                w.Buffer15(key.EncodedAttrib);
            }
        }
        w.Complete(keySlot);
    }

    /// <summary>Reads the key size and the key; anything running past the key's own bytes is IncompleteData.</summary>
    public static MsgKey Read(scoped ref HeaderReader r)
    {
        ReadOnlySpan<byte> keyBytes = r.Buffer15();
        if (!r.Ok)
            return default;
        var k = new HeaderReader(keyBytes);
        var key = new MsgKey { Flags = (MsgKeyFlags)k.U15rb() };
        if (key.HasServiceId)
            key.ServiceId = k.U16ob();
        if (key.HasName)
        {
            key.Name = k.Buffer8();
            if (key.HasNameType)
                key.NameType = k.Byte();
        }
        if (key.HasFilter)
            key.Filter = k.UInt32();
        if (key.HasIdentifier)
            key.Identifier = (int)k.UInt32();
        if (key.HasAttrib)
        {
            key.AttribContainerType = k.ContainerType();
            if (key.AttribContainerType != DataTypes.NoData)
                key.EncodedAttrib = k.Buffer15();
        }
        r.Fail(k.Result);
        return key;
    }

    // ETA drops a name flag with no name behind it, and a name type without a name.
    private static MsgKeyFlags WireFlags(scoped in MsgKey key)
    {
        MsgKeyFlags flags = key.Flags;
        if (key.Name.IsEmpty)
            flags &= ~(MsgKeyFlags.HasName | MsgKeyFlags.HasNameType);
        return flags;
    }
}
