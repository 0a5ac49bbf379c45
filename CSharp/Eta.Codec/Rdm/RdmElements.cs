namespace Eta.Codec.Rdm;

/// <summary>
/// Writes the optional element-list entries of admin messages: a null or empty value writes nothing.
/// Each call returns the first failure of the entry.
/// </summary>
internal static class RdmElements
{
    public static CodecReturnCode UInt(ref RwfEncoder encoder, ReadOnlySpan<byte> name, ulong? value) =>
        value is { } v ? encoder.ElementEntry(name, new UInt(v)) : CodecReturnCode.Success;

    public static CodecReturnCode Ascii(ref RwfEncoder encoder, ReadOnlySpan<byte> name, string? value)
    {
        int length = RdmText.ByteCount(value);
        if (length == 0)
            return CodecReturnCode.Success;
        Span<byte> buffer = length <= RdmText.MaxStackBytes ? stackalloc byte[length] : new byte[length];
        return encoder.ElementEntry(name, DataTypes.AsciiString, RdmText.ToBytes(value, buffer));
    }

    public static CodecReturnCode State(ref RwfEncoder encoder, ReadOnlySpan<byte> name, RdmState? value)
    {
        if (value is not { } state)
            return CodecReturnCode.Success;
        return encoder.ElementEntry(name, state.ToState());
    }

    /// <summary>An Array of 1-byte UInts (ETA writes capabilities this way).</summary>
    public static CodecReturnCode UIntArray(ref RwfEncoder encoder, ReadOnlySpan<byte> name, List<ulong> values, int itemLength)
    {
        CodecReturnCode rc = encoder.ElementEntryInit(name, DataTypes.Array);
        if (rc == CodecReturnCode.Success)
            rc = encoder.ArrayInit(DataTypes.UInt, itemLength);
        foreach (ulong value in values)
        {
            if (rc == CodecReturnCode.Success)
                rc = encoder.ArrayEntry(new UInt(value));
        }
        return CompleteArray(ref encoder, rc);
    }

    /// <summary>An Array of variable-length ASCII strings; nothing when the list is empty.</summary>
    public static CodecReturnCode AsciiArray(ref RwfEncoder encoder, ReadOnlySpan<byte> name, List<string> values)
    {
        if (values.Count == 0)
            return CodecReturnCode.Success;
        CodecReturnCode rc = encoder.ElementEntryInit(name, DataTypes.Array);
        if (rc == CodecReturnCode.Success)
            rc = encoder.ArrayInit(DataTypes.AsciiString);
        Span<byte> buffer = stackalloc byte[RdmText.MaxStackBytes];
        foreach (string value in values)
        {
            if (rc == CodecReturnCode.Success)
                rc = RdmText.ByteCount(value) <= buffer.Length
                    ? encoder.ArrayEntry(RdmText.ToBytes(value, buffer))
                    : CodecReturnCode.InvalidArgument;
        }
        return CompleteArray(ref encoder, rc);
    }

    /// <summary>An Array of QoS; nothing when the list is empty.</summary>
    public static CodecReturnCode QosArray(ref RwfEncoder encoder, ReadOnlySpan<byte> name, List<Qos> values)
    {
        if (values.Count == 0)
            return CodecReturnCode.Success;
        CodecReturnCode rc = encoder.ElementEntryInit(name, DataTypes.Array);
        if (rc == CodecReturnCode.Success)
            rc = encoder.ArrayInit(DataTypes.Qos);
        foreach (Qos value in values)
        {
            if (rc == CodecReturnCode.Success)
                rc = encoder.ArrayEntry(value);
        }
        return CompleteArray(ref encoder, rc);
    }

    private static CodecReturnCode CompleteArray(ref RwfEncoder encoder, CodecReturnCode rc)
    {
        if (rc == CodecReturnCode.Success)
            rc = encoder.ArrayComplete(success: true);
        return rc == CodecReturnCode.Success ? encoder.ElementEntryComplete(success: true) : rc;
    }
}
