using System.Xml.Linq;
using Eta.Codec;
using Eta.TestSupport;
using PerfTools.ConsPerf.Session;
using Xunit;

namespace PerfTools.Tests.ConsPerf;

/// <summary>
/// The consumer's payload decoder against payloads shaped as LSEG's providers send them, built here with the codec's
/// own field list encoder (not with our provider's encoder): LSEG's providers (C marketPriceEncoder.c, Java
/// MarketPriceEncoder) encode every fieldEntry of MsgData.xml's refreshMsg with its declared type, blank where the
/// file gives data="", then end each refresh with blank UINT entries TIM_TRK_1, TIM_TRK_2, TIM_TRK_3 (3902-3904).
/// </summary>
[Collection(AllocationCollection.Name)]
public sealed class PayloadDecoderTests
{
    private static readonly Lazy<DataDictionary> s_ourDictionary = new(() => LoadDictionary(AppContext.BaseDirectory));

    private static DataDictionary LoadDictionary(string folder)
    {
        var dictionary = new DataDictionary();
        Assert.Equal(CodecReturnCode.Success, dictionary.LoadFieldDictionary(Path.Combine(folder, "RDMFieldDictionary"), out _));
        Assert.Equal(CodecReturnCode.Success, dictionary.LoadEnumTypeDictionary(Path.Combine(folder, "enumtype.def"), out _));
        return dictionary;
    }

    private static readonly Dictionary<string, int> s_lsegTypeNames = new()
    {
        ["RSSL_DT_INT"] = DataTypes.Int, ["RSSL_DT_UINT"] = DataTypes.UInt, ["RSSL_DT_REAL"] = DataTypes.Real,
        ["RSSL_DT_ENUM"] = DataTypes.Enum, ["RSSL_DT_DATE"] = DataTypes.Date, ["RSSL_DT_TIME"] = DataTypes.Time,
        ["RSSL_DT_DATETIME"] = DataTypes.DateTime, ["RSSL_DT_RMTES_STRING"] = DataTypes.RmtesString,
        ["RSSL_DT_ASCII_STRING"] = DataTypes.AsciiString, ["RSSL_DT_BUFFER"] = DataTypes.Buffer,
    };

    /// <summary>A field entry as written in a message data file: fid, type, value text ("" = blank).</summary>
    private readonly record struct FileField(int FieldId, int DataType, string Data);

    private static FileField[] RefreshFieldsOf(string msgDataPath) =>
        XDocument.Load(msgDataPath).Descendants("refreshMsg").Single().Descendants("fieldEntry")
            .Select(e => new FileField((int)e.Attribute("fieldId")!, s_lsegTypeNames[(string)e.Attribute("dataType")!], (string)e.Attribute("data")!))
            .ToArray();

    /// <summary>A standard field list of <paramref name="fields"/>, then (as LSEG's refresh) blank TIM_TRK_1/2/3.</summary>
    private static byte[] LsegRefreshPayload(IEnumerable<FileField> fields, bool blankStamps = true)
    {
        var buffer = new byte[16384];
        var encoder = new RwfEncoder(buffer);
        Assert.Equal(CodecReturnCode.Success, encoder.FieldListInit());
        Span<byte> value = stackalloc byte[256];
        foreach (FileField field in fields)
        {
            var valueWriter = new RwfWriter(value);
            Assert.Equal(CodecReturnCode.Success, PrimitiveText.Encode(field.DataType, field.Data, ref valueWriter));
            Assert.Equal(CodecReturnCode.Success, encoder.FieldEntry(field.FieldId, valueWriter.Written));
        }
        if (blankStamps)
        {
            foreach (int stamp in new[] { 3902, 3903, 3904 })
                Assert.Equal(CodecReturnCode.Success, encoder.FieldEntryBlank(stamp));
        }
        Assert.Equal(CodecReturnCode.Success, encoder.FieldListComplete(true));
        return encoder.Written.ToArray();
    }

    [Fact]
    public void LSEGs_default_refresh_with_blank_stamps_decodes_every_field()
    {
        string reference = ReferenceData.Root;
        FileField[] fields = RefreshFieldsOf(Path.Combine(reference, "perftools", "MsgData.xml"));
        DataDictionary dictionary = LoadDictionary(reference);
        Assert.InRange(fields.Length, 60, 80);
        Assert.Contains(fields, f => f.DataType == DataTypes.Real && f.Data.Length == 0); // blank REALs in LSEG's file
        int resolvableEnums = fields.Count(f => f.DataType == DataTypes.Enum
            && dictionary.FindEnumType(f.FieldId, int.Parse(f.Data, System.Globalization.CultureInfo.InvariantCulture)) is not null);
        Assert.True(resolvableEnums > 10);

        var decoder = new PayloadDecoder(dictionary);
        bool ok = decoder.Decode(DataTypes.FieldList, LsegRefreshPayload(fields), out LatencyStamps stamps);

        Assert.True(ok, $"{decoder.LastError} on field {decoder.LastErrorFieldId}");
        Assert.Equal(fields.Length + 3, decoder.FieldsDecoded);
        Assert.Equal(resolvableEnums, decoder.EnumsResolved);
        Assert.Equal(default, stamps); // blank stamps carry no time
    }

    [Fact]
    public void Our_dictionary_decodes_LSEGs_default_refresh_too()
    {
        FileField[] fields = RefreshFieldsOf(Path.Combine(ReferenceData.Root, "perftools", "MsgData.xml"));
        var decoder = new PayloadDecoder(s_ourDictionary.Value);

        Assert.True(decoder.Decode(DataTypes.FieldList, LsegRefreshPayload(fields), out _),
            $"{decoder.LastError} on field {decoder.LastErrorFieldId}");
    }

    // A small refresh in the shape of LSEG's (REAL, ENUM, DATE, TIME, RMTES, a blank REAL, blank stamps), no reference needed.
    private static readonly FileField[] s_shortRefresh =
    [
        new(1, DataTypes.UInt, "6560"), new(4, DataTypes.Enum, "0"), new(6, DataTypes.Real, "398.15"),
        new(14, DataTypes.Enum, "1"), new(15, DataTypes.Enum, "840"), new(16, DataTypes.Date, "11/16/2005"),
        new(22, DataTypes.Real, ""), new(3, DataTypes.RmtesString, "GOOG"), new(18, DataTypes.Time, "21:00:01:000"),
    ];

    [Fact]
    public void Blank_values_and_blank_stamps_are_values_not_failures()
    {
        var decoder = new PayloadDecoder(s_ourDictionary.Value);

        Assert.True(decoder.Decode(DataTypes.FieldList, LsegRefreshPayload(s_shortRefresh), out LatencyStamps stamps),
            $"{decoder.LastError} on field {decoder.LastErrorFieldId}");
        Assert.Equal(s_shortRefresh.Length + 3, decoder.FieldsDecoded);
        Assert.Equal(default, stamps);
    }

    [Fact]
    public void Enum_values_are_looked_up_in_their_enum_table()
    {
        var decoder = new PayloadDecoder(s_ourDictionary.Value);
        int expected = s_shortRefresh.Count(f => f.DataType == DataTypes.Enum
            && s_ourDictionary.Value.FindEnumType(f.FieldId, int.Parse(f.Data, System.Globalization.CultureInfo.InvariantCulture)) is not null);
        Assert.True(expected >= 2);

        Assert.True(decoder.Decode(DataTypes.FieldList, LsegRefreshPayload(s_shortRefresh), out _));

        Assert.Equal(expected, decoder.EnumsResolved);
    }

    [Theory]
    [InlineData(16, new byte[] { 0x10, 0x0B })]                   // DATE is 4 bytes
    [InlineData(6, new byte[] { 0x1F, 0x01 })]                    // REAL hint 31 does not exist
    [InlineData(1, new byte[] { 1, 2, 3, 4, 5, 6, 7, 8, 9 })]     // UINT longer than 8 bytes
    [InlineData(18, new byte[] { 0x15 })]                         // TIME of one byte
    public void A_value_that_does_not_decode_as_its_dictionary_type_fails(int fieldId, byte[] badValue)
    {
        var buffer = new byte[256];
        var encoder = new RwfEncoder(buffer);
        encoder.FieldListInit();
        encoder.FieldEntry<Real>(6, new Real(39815, RealHints.ExponentNeg2));
        encoder.FieldEntry(fieldId, badValue);
        encoder.FieldListComplete(true);
        var decoder = new PayloadDecoder(s_ourDictionary.Value);

        Assert.False(decoder.Decode(DataTypes.FieldList, encoder.Written, out _));
        Assert.Equal(PayloadError.BadValue, decoder.LastError);
        Assert.Equal(fieldId, decoder.LastErrorFieldId);
    }

    [Fact]
    public void A_field_the_dictionary_does_not_define_fails_as_in_LSEGs_consumer()
    {
        var buffer = new byte[64];
        var encoder = new RwfEncoder(buffer);
        encoder.FieldListInit();
        encoder.FieldEntry<UInt>(32000, new UInt(1));
        encoder.FieldListComplete(true);
        Assert.Null(s_ourDictionary.Value.Entry(32000));
        var decoder = new PayloadDecoder(s_ourDictionary.Value);

        Assert.False(decoder.Decode(DataTypes.FieldList, encoder.Written, out _));
        Assert.Equal(PayloadError.FieldNotInDictionary, decoder.LastError);
        Assert.Equal(32000, decoder.LastErrorFieldId);
    }

    [Fact]
    public void Set_data_without_a_known_definition_is_skipped_and_the_standard_entries_decode()
    {
        var buffer = new byte[64];
        var encoder = new RwfEncoder(buffer);
        encoder.FieldListInit(setId: 3, encodedSetData: [0x01, 0x02], hasStandardData: true);
        encoder.FieldEntry<UInt>(3902, new UInt(123456));
        encoder.FieldListComplete(true);
        var decoder = new PayloadDecoder(s_ourDictionary.Value);

        Assert.True(decoder.Decode(DataTypes.FieldList, encoder.Written, out LatencyStamps stamps), decoder.LastError.ToString());
        Assert.Equal(123456UL, stamps.Update);
    }

    [Fact]
    public void Stamps_are_read_when_present()
    {
        var buffer = new byte[64];
        var encoder = new RwfEncoder(buffer);
        encoder.FieldListInit();
        encoder.FieldEntry<UInt>(3902, new UInt(11));
        encoder.FieldEntry<UInt>(3903, new UInt(22));
        encoder.FieldEntry<UInt>(3904, new UInt(33));
        encoder.FieldListComplete(true);
        var decoder = new PayloadDecoder(s_ourDictionary.Value);

        Assert.True(decoder.Decode(DataTypes.FieldList, encoder.Written, out LatencyStamps stamps));
        Assert.Equal((11UL, 22UL, 33UL), (stamps.Update, stamps.Post, stamps.GenMsg));
    }

    [Fact]
    public void Decoding_a_full_refresh_allocates_nothing()
    {
        byte[] payload = LsegRefreshPayload(s_shortRefresh);
        var decoder = new PayloadDecoder(s_ourDictionary.Value);

        AllocationAssert.None(() => decoder.Decode(DataTypes.FieldList, payload, out _));
    }
}
