using System.Text;

namespace Eta.Codec.Tests.Messages;

/// <summary>
/// The key attribute and payload the ETA message tests put in every message, spelled out field by field.
/// </summary>
internal static class SampleBodies
{
    /// <summary>
    /// Element list, standard data, 3 entries, all ASCII_STRING (17):
    /// ApplicationId="256", ApplicationName="rsslConsumer", Position="localhost".
    /// </summary>
    public static byte[] LoginAttrib() =>
    [
        0x08, 0x00, 0x03,
        .. Entry("ApplicationId", "256"),
        .. Entry("ApplicationName", "rsslConsumer"),
        .. Entry("Position", "localhost"),
    ];

    /// <summary>
    /// Field list with info (dictionary 2, field list number 3) and 4 entries: fid 10 blank REAL, fid 175
    /// "ABCDEFG", fid 32 UINT 554433, fid 111 REAL 867564 hint EXP_4 (0x0A).
    /// </summary>
    public static byte[] FieldListPayload() =>
    [
        0x09, 0x03, 0x02, 0x00, 0x03, 0x00, 0x04,
        0x00, 0x0A, 0x00,
        0x00, 0xAF, 0x07, .. "ABCDEFG"u8,
        0x00, 0x20, 0x03, 0x08, 0x75, 0xC1,
        0x00, 0x6F, 0x04, 0x0A, 0x0D, 0x3C, 0xEC,
    ];

    /// <summary>Encodes <see cref="LoginAttrib"/> in place with the container encoder.</summary>
    public static CodecReturnCode EncodeLoginAttrib(ref RwfEncoder encoder)
    {
        CodecReturnCode rc = encoder.ElementListInit();
        if (rc == CodecReturnCode.Success)
            rc = encoder.ElementEntry("ApplicationId"u8, DataTypes.AsciiString, "256"u8);
        if (rc == CodecReturnCode.Success)
            rc = encoder.ElementEntry("ApplicationName"u8, DataTypes.AsciiString, "rsslConsumer"u8);
        if (rc == CodecReturnCode.Success)
            rc = encoder.ElementEntry("Position"u8, DataTypes.AsciiString, "localhost"u8);
        return rc == CodecReturnCode.Success ? encoder.ElementListComplete(success: true) : rc;
    }

    /// <summary>Encodes <see cref="FieldListPayload"/> in place with the container encoder.</summary>
    public static CodecReturnCode EncodeFieldList(ref RwfEncoder encoder)
    {
        CodecReturnCode rc = encoder.FieldListInit(dictionaryId: 2, fieldListNum: 3);
        if (rc == CodecReturnCode.Success)
            rc = encoder.FieldEntryBlank(10);
        if (rc == CodecReturnCode.Success)
            rc = encoder.FieldEntry(175, "ABCDEFG"u8);
        if (rc == CodecReturnCode.Success)
            rc = encoder.FieldEntry(32, new UInt(554433));
        if (rc == CodecReturnCode.Success)
            rc = encoder.FieldEntry(111, new Real(867564, RealHints.ExponentNeg4));
        return rc == CodecReturnCode.Success ? encoder.FieldListComplete(success: true) : rc;
    }

    /// <summary>
    /// The batch/view payload of the request vector: element list with ":ItemList" = ARRAY of ASCII
    /// {TRI.N, IBM.N, CSCO.O}, ":ViewType" = UINT 1 (field id list), ":ViewData" = ARRAY of 2-byte UINT {22, 25}.
    /// </summary>
    public static CodecReturnCode EncodeBatchView(ref RwfEncoder encoder)
    {
        CodecReturnCode rc = encoder.ElementListInit();
        if (rc == CodecReturnCode.Success)
            rc = encoder.ElementEntryInit(":ItemList"u8, DataTypes.Array);
        if (rc == CodecReturnCode.Success)
            rc = encoder.ArrayInit(DataTypes.AsciiString);
        if (rc == CodecReturnCode.Success)
            rc = encoder.ArrayEntry("TRI.N"u8);
        if (rc == CodecReturnCode.Success)
            rc = encoder.ArrayEntry("IBM.N"u8);
        if (rc == CodecReturnCode.Success)
            rc = encoder.ArrayEntry("CSCO.O"u8);
        if (rc == CodecReturnCode.Success)
            rc = encoder.ArrayComplete(success: true);
        if (rc == CodecReturnCode.Success)
            rc = encoder.ElementEntryComplete(success: true);
        if (rc == CodecReturnCode.Success)
            rc = encoder.ElementEntry(":ViewType"u8, new UInt(1));
        if (rc == CodecReturnCode.Success)
            rc = encoder.ElementEntryInit(":ViewData"u8, DataTypes.Array);
        if (rc == CodecReturnCode.Success)
            rc = encoder.ArrayInit(DataTypes.UInt, itemLength: 2);
        if (rc == CodecReturnCode.Success)
            rc = encoder.ArrayEntry(new UInt(22));
        if (rc == CodecReturnCode.Success)
            rc = encoder.ArrayEntry(new UInt(25));
        if (rc == CodecReturnCode.Success)
            rc = encoder.ArrayComplete(success: true);
        if (rc == CodecReturnCode.Success)
            rc = encoder.ElementEntryComplete(success: true);
        return rc == CodecReturnCode.Success ? encoder.ElementListComplete(success: true) : rc;
    }

    private static byte[] Entry(string name, string value) =>
        [(byte)name.Length, .. Encoding.ASCII.GetBytes(name), 0x11, (byte)value.Length, .. Encoding.ASCII.GetBytes(value)];
}
