using Eta.Codec.Rdm;
using Xunit;

namespace Eta.Codec.Tests.Dictionary;

/// <summary>
/// Dictionaries as LSEG providers send them: entries are set-defined element lists (set 0, declared in the
/// series' set definitions) with compact types such as INT_2 and UINT_1.
/// </summary>
public class SetDefinedPayloadTests
{
    [Fact]
    public void SetDefinedFieldEntriesDecode()
    {
        var setDefs = new LocalElementSetDefDb();
        (string Name, int Type)[] columns =
        [
            ("NAME", DataTypes.AsciiString), ("FID", DataTypes.Int2), ("RIPPLETO", DataTypes.Int2),
            ("TYPE", DataTypes.Int1), ("LENGTH", DataTypes.UInt2), ("RWFTYPE", DataTypes.UInt1),
            ("RWFLEN", DataTypes.UInt2), ("ENUMLENGTH", DataTypes.UInt1), ("LONGNAME", DataTypes.AsciiString),
        ];
        foreach (var (name, type) in columns)
            Assert.Equal(CodecReturnCode.Success, setDefs.Add(0, System.Text.Encoding.ASCII.GetBytes(name), type));

        byte[] payload = SeriesWithSetDefs(setDefs, DictionaryTypes.FieldDefinitions,
            FieldRow("BID", 22, 23, (sbyte)MfFieldType.Price, 17, DataTypes.Real, 7, 0, "BID"),
            FieldRow("RDN_EXCHID", 4, 0, (sbyte)MfFieldType.Enumerated, 3, DataTypes.Enum, 1, 3, "IDN EXCHANGE ID"),
            FieldRow("MIN", -32768, 0, (sbyte)MfFieldType.TimeSeconds, 5, DataTypes.Time5, 5, 0, "MIN"));

        var dictionary = new DataDictionary();
        LoadAssert.Succeeded(dictionary.DecodeFieldDictionary(payload, DictionaryVerbosity.Normal, out var error), error);

        FieldDictionaryFileTests.AssertEntry(dictionary.Entry(22), "BID", "BID", 22, 23, MfFieldType.Price, 17, 0, DataTypes.Real, 7);
        FieldDictionaryFileTests.AssertEntry(dictionary.Entry(4), "RDN_EXCHID", "IDN EXCHANGE ID", 4, 0, MfFieldType.Enumerated, 3, 3, DataTypes.Enum, 1);
        Assert.Equal(DataTypes.Time, dictionary.Entry(-32768)!.RwfType); // set-defined type number read as its base type
        Assert.Equal("7.7", dictionary.Tags.FieldVersion);
    }

    [Fact]
    public void SetDefinedEnumEntriesDecode()
    {
        var setDefs = new LocalElementSetDefDb();
        foreach (var name in new[] { "FIDS", "VALUE", "DISPLAY" })
            Assert.Equal(CodecReturnCode.Success, setDefs.Add(0, System.Text.Encoding.ASCII.GetBytes(name), DataTypes.Array));

        byte[] payload = SeriesWithSetDefs(setDefs, DictionaryTypes.EnumTables,
            EnumRow([4, 1709], [0, 2, 9], [[0x20, 0x20, 0x20], [(byte)'N', (byte)'Y', (byte)'S'], [0xDE]]));

        var dictionary = new DataDictionary();
        LoadAssert.Succeeded(dictionary.DecodeEnumTypeDictionary(payload, DictionaryVerbosity.Normal, out var error), error);

        var table = Assert.Single(dictionary.EnumTables);
        Assert.Equal([4, 1709], table.FidReferences.ToArray());
        Assert.Equal("NYS", table.Find(2)!.DisplayText);
        Assert.Equal([0xDE], table.Find(9)!.Display.ToArray());
        Assert.Null(table.Find(1));
    }

    private static byte[] SeriesWithSetDefs(LocalElementSetDefDb setDefs, ulong type, params byte[][] entries)
    {
        var setDefBytes = new byte[1024];
        var setDefWriter = new RwfWriter(setDefBytes);
        Assert.Equal(CodecReturnCode.Success, setDefs.Encode(ref setDefWriter));

        var buffer = new byte[4096];
        var encoder = new RwfEncoder(buffer);
        var header = new SeriesHeader
        {
            Flags = SeriesFlags.HasSetDefs | SeriesFlags.HasSummaryData,
            ContainerType = DataTypes.ElementList,
            EncodedSetDefs = setDefWriter.Written,
        };
        Assert.Equal(CodecReturnCode.Success, encoder.SeriesInit(header));
        Assert.Equal(CodecReturnCode.Success, encoder.ElementListInit());
        Assert.Equal(CodecReturnCode.Success, encoder.ElementEntry("Type"u8, new UInt(type)));
        Assert.Equal(CodecReturnCode.Success, encoder.ElementEntry("DictionaryId"u8, new Int(1)));
        Assert.Equal(CodecReturnCode.Success, encoder.ElementEntry("Version"u8, DataTypes.AsciiString, "7.7"u8));
        Assert.Equal(CodecReturnCode.Success, encoder.ElementListComplete(true));
        Assert.Equal(CodecReturnCode.Success, encoder.SeriesSummaryDataComplete(true));
        foreach (var entry in entries)
            Assert.Equal(CodecReturnCode.Success, encoder.SeriesEntry(entry));
        Assert.Equal(CodecReturnCode.Success, encoder.SeriesComplete(true));
        return encoder.Written.ToArray();
    }

    // Element list with set data only (flags HAS_SET_DATA, set 0 implied), values in set-definition order.
    private static byte[] FieldRow(string name, short fid, short rippleTo, sbyte type, ushort length, byte rwfType,
        ushort rwfLength, byte enumLength, string longName)
    {
        var bytes = new byte[256];
        var writer = new RwfWriter(bytes);
        writer.WriteByte((byte)ElementListFlags.HasSetData);
        writer.WriteBuffer16(System.Text.Encoding.ASCII.GetBytes(name));
        writer.WriteInt16(fid);
        writer.WriteInt16(rippleTo);
        writer.WriteByte((byte)type);
        writer.WriteUInt16(length);
        writer.WriteByte(rwfType);
        writer.WriteUInt16(rwfLength);
        writer.WriteByte(enumLength);
        writer.WriteBuffer16(System.Text.Encoding.ASCII.GetBytes(longName));
        return writer.Written.ToArray();
    }

    // Element list with set id 0 and three ARRAY values: FIDS (INT, 2-byte items), VALUE (ENUM), DISPLAY (ASCII).
    private static byte[] EnumRow(short[] fids, ushort[] values, byte[][] displays)
    {
        var bytes = new byte[512];
        var writer = new RwfWriter(bytes);
        writer.WriteByte((byte)(ElementListFlags.HasSetData | ElementListFlags.HasSetId));
        writer.WriteU15rb(0);
        writer.WriteBuffer16(Array(DataTypes.Int, 2, fids.Select(f => new Int(f)).ToArray()));
        writer.WriteBuffer16(Array(DataTypes.Enum, 0, values.Select(v => new RwfEnum(v)).ToArray()));
        var buffer = new byte[256];
        var encoder = new RwfEncoder(buffer);
        Assert.Equal(CodecReturnCode.Success, encoder.ArrayInit(DataTypes.AsciiString));
        foreach (var display in displays)
            Assert.Equal(CodecReturnCode.Success, encoder.ArrayEntry(display));
        Assert.Equal(CodecReturnCode.Success, encoder.ArrayComplete(true));
        writer.WriteBuffer16(encoder.Written);
        return writer.Written.ToArray();
    }

    private static byte[] Array<T>(int type, int itemLength, T[] items) where T : struct, IPrimitive<T>
    {
        var buffer = new byte[256];
        var encoder = new RwfEncoder(buffer);
        Assert.Equal(CodecReturnCode.Success, encoder.ArrayInit(type, itemLength));
        foreach (var item in items)
            Assert.Equal(CodecReturnCode.Success, encoder.ArrayEntry(item));
        Assert.Equal(CodecReturnCode.Success, encoder.ArrayComplete(true));
        return encoder.Written.ToArray();
    }
}
