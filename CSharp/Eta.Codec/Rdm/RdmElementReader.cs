namespace Eta.Codec.Rdm;

/// <summary>
/// Reads the values of admin element entries, checking each has the type its name calls for (a wrong type is
/// InvalidData). Strings are copied out: admin messages are rare.
/// </summary>
internal static class RdmElementReader
{
    /// <summary>
    /// Reads an unsigned admin value. A non-negative INT is accepted too: LSEG providers declare some of these
    /// (the dictionary summary's "Type", for one) as Int, and the bytes of a small value are the same.
    /// </summary>
    public static CodecReturnCode UInt(scoped in ElementEntry entry, out ulong value)
    {
        value = 0;
        CodecReturnCode rc;
        if (entry.DataType == DataTypes.Int)
        {
            rc = entry.Decode(out Int signed);
            if (rc == CodecReturnCode.Success && signed.Value < 0)
                return CodecReturnCode.InvalidData;
            value = (ulong)signed.Value;
        }
        else if (entry.DataType == DataTypes.UInt)
        {
            rc = entry.Decode(out UInt decoded);
            value = decoded.Value;
        }
        else
        {
            return CodecReturnCode.InvalidData;
        }
        return rc == CodecReturnCode.BlankData ? CodecReturnCode.Success : rc;
    }

    public static CodecReturnCode Text(scoped in ElementEntry entry, out string value)
    {
        value = "";
        if (!RwfBuffer.IsBufferType(entry.DataType))
            return CodecReturnCode.InvalidData;
        value = RdmText.FromBytes(entry.EncodedData);
        return CodecReturnCode.Success;
    }

    public static CodecReturnCode State(scoped in ElementEntry entry, out RdmState value)
    {
        value = default;
        if (entry.DataType != DataTypes.State)
            return CodecReturnCode.InvalidData;
        CodecReturnCode rc = Eta.Codec.State.Decode(entry.EncodedData, out State decoded);
        if (rc == CodecReturnCode.Success)
            value = RdmState.From(decoded);
        return rc == CodecReturnCode.BlankData ? CodecReturnCode.Success : rc;
    }

    /// <summary>Appends the items of an Array of UInt.</summary>
    public static CodecReturnCode UIntArray(scoped in ElementEntry entry, List<ulong> values)
    {
        CodecReturnCode rc = OpenArray(entry, DataTypes.UInt, out ArrayDecoder array);
        while (rc == CodecReturnCode.Success && (rc = array.Next(out ReadOnlySpan<byte> item)) == CodecReturnCode.Success)
        {
            rc = Eta.Codec.UInt.Decode(item, out UInt value);
            if (rc == CodecReturnCode.Success)
                values.Add(value.Value);
        }
        return Finished(rc);
    }

    /// <summary>Appends the items of an Array of ASCII strings.</summary>
    public static CodecReturnCode TextArray(scoped in ElementEntry entry, List<string> values)
    {
        CodecReturnCode rc = OpenArray(entry, DataTypes.AsciiString, out ArrayDecoder array);
        while (rc == CodecReturnCode.Success && (rc = array.Next(out ReadOnlySpan<byte> item)) == CodecReturnCode.Success)
            values.Add(RdmText.FromBytes(item));
        return Finished(rc);
    }

    /// <summary>Appends the items of an Array of QoS.</summary>
    public static CodecReturnCode QosArray(scoped in ElementEntry entry, List<Qos> values)
    {
        CodecReturnCode rc = OpenArray(entry, DataTypes.Qos, out ArrayDecoder array);
        while (rc == CodecReturnCode.Success && (rc = array.Next(out ReadOnlySpan<byte> item)) == CodecReturnCode.Success)
        {
            rc = Qos.Decode(item, out Qos value);
            if (rc == CodecReturnCode.Success)
                values.Add(value);
        }
        return Finished(rc);
    }

    private static CodecReturnCode OpenArray(scoped in ElementEntry entry, int itemType, out ArrayDecoder array)
    {
        array = default;
        if (entry.DataType != DataTypes.Array)
            return CodecReturnCode.InvalidData;
        CodecReturnCode rc = ArrayDecoder.Decode(entry.EncodedData, out array);
        if (rc == CodecReturnCode.Success && array.PrimitiveType != itemType)
            return CodecReturnCode.InvalidData;
        return rc;
    }

    // The item loop ends with EndOfContainer on success; a blank array is empty.
    private static CodecReturnCode Finished(CodecReturnCode rc) =>
        rc is CodecReturnCode.EndOfContainer or CodecReturnCode.BlankData or CodecReturnCode.NoData ? CodecReturnCode.Success : rc;
}
