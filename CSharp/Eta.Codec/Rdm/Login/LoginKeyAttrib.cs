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
        if (rc != CodecReturnCode.ENCODE_MSG_KEY_ATTRIB)
            return rc < CodecReturnCode.SUCCESS ? rc : CodecReturnCode.FAILURE;
        rc = attributes.Encode(ref encoder, order);
        if (rc < CodecReturnCode.SUCCESS)
        {
            MsgEncoder.EncodeKeyAttribComplete(ref encoder, msg, ref state, success: false);
            return rc;
        }
        rc = MsgEncoder.EncodeKeyAttribComplete(ref encoder, msg, ref state, success: true);
        return rc < CodecReturnCode.SUCCESS ? rc : MsgEncoder.EncodeComplete(ref encoder, ref state, success: true);
    }

    /// <summary>The login key for <paramref name="userName"/> (already ASCII), with an element-list attribute.</summary>
    public static MsgKey Key(ReadOnlySpan<byte> userName, byte? userNameType)
    {
        var key = new MsgKey
        {
            Flags = MsgKeyFlags.HasAttrib,
            AttribContainerType = DataTypes.ELEMENT_LIST,
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
        if (!key.HasAttrib || key.AttribContainerType == DataTypes.NO_DATA)
            return CodecReturnCode.SUCCESS;
        if (key.AttribContainerType != DataTypes.ELEMENT_LIST)
            return CodecReturnCode.INVALID_DATA;
        return attributes.Decode(key.EncodedAttrib);
    }
}
