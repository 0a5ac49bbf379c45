namespace Eta.Codec.Rdm;

/// <summary>Encodes and reads a login message whose key carries the user name and the login attributes.</summary>
internal static class LoginKeyAttrib
{
    /// <summary>
    /// Encodes <paramref name="msg"/> (no payload) with <paramref name="attributes"/> written in place as the
    /// key's element-list attribute, in <paramref name="order"/>.
    /// </summary>
    public static CodecReturnCode Encode(ref RwfEncoder encoder, scoped in Msg msg, LoginAttributes attributes, ReadOnlySpan<LoginElement> order)
    {
        CodecReturnCode rc = MsgEncoder.EncodeInit(ref encoder, msg, out MsgEncodeState state);
        if (rc != CodecReturnCode.EncodeMsgKeyAttrib)
            return rc < CodecReturnCode.Success ? rc : CodecReturnCode.Failure;
        rc = attributes.Encode(ref encoder, order);
        if (rc < CodecReturnCode.Success)
        {
            MsgEncoder.EncodeKeyAttribComplete(ref encoder, msg, ref state, success: false);
            return rc;
        }
        rc = MsgEncoder.EncodeKeyAttribComplete(ref encoder, msg, ref state, success: true);
        return rc < CodecReturnCode.Success ? rc : MsgEncoder.EncodeComplete(ref encoder, ref state, success: true);
    }

    /// <summary>The login key for <paramref name="userName"/> (already ASCII), with an element-list attribute.</summary>
    public static MsgKey Key(ReadOnlySpan<byte> userName, byte? userNameType)
    {
        var key = new MsgKey
        {
            Flags = MsgKeyFlags.HasAttrib,
            AttribContainerType = DataTypes.ElementList,
        };
        if (!userName.IsEmpty)
        {
            key.Flags |= MsgKeyFlags.HasName;
            key.Name = userName;
        }
        if (userNameType is { } nameType)
        {
            key.Flags |= MsgKeyFlags.HasNameType;
            key.NameType = nameType;
        }
        return key;
    }

    /// <summary>Reads user name, name type and attributes from a decoded login key.</summary>
    public static CodecReturnCode Read(scoped in MsgKey key, out string? userName, out byte? userNameType, LoginAttributes attributes)
    {
        userName = key.HasName ? RdmText.FromBytes(key.Name) : null;
        userNameType = key.HasName && key.HasNameType ? key.NameType : null;
        attributes.Clear();
        if (!key.HasAttrib || key.AttribContainerType == DataTypes.NoData)
            return CodecReturnCode.Success;
        if (key.AttribContainerType != DataTypes.ElementList)
            return CodecReturnCode.InvalidData;
        return attributes.Decode(key.EncodedAttrib);
    }
}
