namespace Eta.Codec.Rdm;

/// <summary>
/// Reads the values of admin element entries, checking each has the type its name calls for (a wrong type is
/// INVALID_DATA). Strings are copied out: admin messages are rare.
/// </summary>
internal static class RdmElementReader
{
    public static CodecReturnCode UInt(scoped in ElementEntry entry, out ulong value)
    {
        value = 0;
        if (entry.DataType != DataTypes.UINT)
            return CodecReturnCode.INVALID_DATA;
        CodecReturnCode rc = entry.Decode(out UInt decoded);
        value = decoded.Value;
        return rc == CodecReturnCode.BLANK_DATA ? CodecReturnCode.SUCCESS : rc;
    }

    public static CodecReturnCode Text(scoped in ElementEntry entry, out string value)
    {
        value = "";
        if (!RwfBuffer.IsBufferType(entry.DataType))
            return CodecReturnCode.INVALID_DATA;
        value = RdmText.FromBytes(entry.EncodedData);
        return CodecReturnCode.SUCCESS;
    }

    public static CodecReturnCode State(scoped in ElementEntry entry, out RdmState value)
    {
        value = default;
        if (entry.DataType != DataTypes.STATE)
            return CodecReturnCode.INVALID_DATA;
        CodecReturnCode rc = Eta.Codec.State.Decode(entry.EncodedData, out State decoded);
        if (rc == CodecReturnCode.SUCCESS)
            value = RdmState.From(decoded);
        return rc == CodecReturnCode.BLANK_DATA ? CodecReturnCode.SUCCESS : rc;
    }

    /// <summary>Appends the items of an ARRAY of UINT.</summary>
    public static CodecReturnCode UIntArray(scoped in ElementEntry entry, List<ulong> values)
    {
        CodecReturnCode rc = OpenArray(entry, DataTypes.UINT, out ArrayDecoder array);
        while (rc == CodecReturnCode.SUCCESS && (rc = array.Next(out ReadOnlySpan<byte> item)) == CodecReturnCode.SUCCESS)
        {
            rc = Eta.Codec.UInt.Decode(item, out UInt value);
            if (rc == CodecReturnCode.SUCCESS)
                values.Add(value.Value);
        }
        return Finished(rc);
    }

    /// <summary>Appends the items of an ARRAY of ASCII strings.</summary>
    public static CodecReturnCode TextArray(scoped in ElementEntry entry, List<string> values)
    {
        CodecReturnCode rc = OpenArray(entry, DataTypes.ASCII_STRING, out ArrayDecoder array);
        while (rc == CodecReturnCode.SUCCESS && (rc = array.Next(out ReadOnlySpan<byte> item)) == CodecReturnCode.SUCCESS)
            values.Add(RdmText.FromBytes(item));
        return Finished(rc);
    }

    /// <summary>Appends the items of an ARRAY of QoS.</summary>
    public static CodecReturnCode QosArray(scoped in ElementEntry entry, List<Qos> values)
    {
        CodecReturnCode rc = OpenArray(entry, DataTypes.QOS, out ArrayDecoder array);
        while (rc == CodecReturnCode.SUCCESS && (rc = array.Next(out ReadOnlySpan<byte> item)) == CodecReturnCode.SUCCESS)
        {
            rc = Qos.Decode(item, out Qos value);
            if (rc == CodecReturnCode.SUCCESS)
                values.Add(value);
        }
        return Finished(rc);
    }

    private static CodecReturnCode OpenArray(scoped in ElementEntry entry, int itemType, out ArrayDecoder array)
    {
        array = default;
        if (entry.DataType != DataTypes.ARRAY)
            return CodecReturnCode.INVALID_DATA;
        CodecReturnCode rc = ArrayDecoder.Decode(entry.EncodedData, out array);
        if (rc == CodecReturnCode.SUCCESS && array.PrimitiveType != itemType)
            return CodecReturnCode.INVALID_DATA;
        return rc;
    }

    // The item loop ends with END_OF_CONTAINER on success; a blank array is empty.
    private static CodecReturnCode Finished(CodecReturnCode rc) =>
        rc is CodecReturnCode.END_OF_CONTAINER or CodecReturnCode.BLANK_DATA or CodecReturnCode.NO_DATA ? CodecReturnCode.SUCCESS : rc;
}
