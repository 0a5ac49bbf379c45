using Eta.Codec;
using PerfTools.ConsPerf.Session;
using Xunit;

namespace PerfTools.Tests.ConsPerf;

/// <summary>
/// The consumer's per-field decode plans (<see cref="FieldPlans"/>) and the value decoders behind every kind, over a
/// small dictionary written in RDMFieldDictionary's format with one field of each RWF type a field can carry (and
/// negative field ids, which the plan table indexes by their 16 bits).
/// </summary>
public sealed class FieldPlanTests
{
    private static readonly Lazy<DataDictionary> s_dictionary = new(() =>
    {
        string path = Path.Combine(Path.GetTempPath(), $"plans-{Environment.ProcessId}-{Guid.NewGuid():N}.dict");
        File.WriteAllLines(path,
        [
            "! ACRONYM DDE_ACRONYM FID RIPPLES_TO FIELD_TYPE LENGTH RWF_TYPE RWF_LEN",
            "F_INT     \"INT\"       -3  NULL  INTEGER       5  INT64          4",
            "F_UINT    \"UINT\"      -2  NULL  INTEGER       5  UINT64         4",
            "F_REAL    \"REAL\"      10  NULL  PRICE        17  REAL64         7",
            "F_FLOAT   \"FLOAT\"     11  NULL  PRICE        17  FLOAT          4",
            "F_DOUBLE  \"DOUBLE\"    12  NULL  PRICE        17  DOUBLE         8",
            "F_DATE    \"DATE\"      13  NULL  DATE         11  DATE           4",
            "F_TIME    \"TIME\"      14  NULL  TIME          5  TIME           5",
            "F_DTIME   \"DATETIME\"  15  NULL  DATE         11  DATETIME       9",
            "F_QOS     \"QOS\"       16  NULL  BINARY        5  QOS            5",
            "F_STATE   \"STATE\"     17  NULL  BINARY        5  STATE          5",
            "F_ENUM    \"ENUM\"      18  NULL  ENUMERATED    3 ( 3 )  ENUM  1",
            "F_ASCII   \"ASCII\"     19  NULL  ALPHANUMERIC 10  ASCII_STRING  10",
            "F_BUFFER  \"BUFFER\"    20  NULL  BINARY       10  BUFFER        10",
            "F_ARRAY   \"ARRAY\"     21  NULL  BINARY       10  ARRAY         10",
        ]);
        try
        {
            var dictionary = new DataDictionary();
            Assert.Equal(CodecReturnCode.Success, dictionary.LoadFieldDictionary(path, out DictionaryError? error));
            Assert.Null(error);
            return dictionary;
        }
        finally
        {
            File.Delete(path);
        }
    });

    [Theory]
    [InlineData(-3, "Int")]
    [InlineData(-2, "UInt")]
    [InlineData(10, "Real")]
    [InlineData(11, "Float")]
    [InlineData(12, "Double")]
    [InlineData(13, "Date")]
    [InlineData(14, "Time")]
    [InlineData(15, "DateTime")]
    [InlineData(16, "Qos")]
    [InlineData(17, "State")]
    [InlineData(18, "Enum")]
    [InlineData(19, "Buffer")]
    [InlineData(20, "Buffer")]
    [InlineData(21, "Unhandled")]
    [InlineData(22, "NotInDictionary")]
    [InlineData(-1, "NotInDictionary")]
    public void A_fields_plan_is_its_dictionary_type(short fieldId, string kind)
    {
        FieldKind expected = Enum.Parse<FieldKind>(kind);
        var plans = new FieldPlans(s_dictionary.Value);

        Assert.Equal(expected, plans.KindOf(fieldId));
        Assert.Equal(expected, plans.KindOf(fieldId)); // the kept plan, not a second lookup, says the same
    }

    // The decode loop reads the kinds straight from the table it holds in a local, with no resolve step: every
    // field id's kind must be there as soon as the plans are made, negative ids at their 16 bits.
    [Fact]
    public void Every_fields_kind_is_in_the_table_before_any_payload()
    {
        var plans = new FieldPlans(s_dictionary.Value);

        Assert.Equal(1 << 16, plans.Kinds.Length);
        Assert.Equal(FieldKind.Int, plans.Kinds[0xFFFD]); // field -3
        Assert.Equal(FieldKind.Real, plans.Kinds[10]);
        Assert.Equal(FieldKind.Enum, plans.Kinds[18]);
        Assert.Equal(FieldKind.Buffer, plans.Kinds[20]);
        Assert.Equal(FieldKind.NotInDictionary, plans.Kinds[22]);
    }

    // One value of each type, encoded by the codec's typed encoders: each decodes as its field's type.
    [Fact]
    public void A_payload_of_every_type_decodes_with_every_field_counted()
    {
        var buffer = new byte[512];
        var encoder = new RwfEncoder(buffer);
        Assert.Equal(CodecReturnCode.Success, encoder.FieldListInit());
        encoder.FieldEntry<Int>(-3, new Int(-5));
        encoder.FieldEntry<UInt>(-2, new UInt(7));
        encoder.FieldEntry<Real>(10, new Real(39815, RealHints.ExponentNeg2));
        encoder.FieldEntry<Float>(11, new Float(1.5f));
        encoder.FieldEntry<RwfDouble>(12, new RwfDouble(2.5));
        encoder.FieldEntry<Date>(13, new Date(16, 11, 2005));
        encoder.FieldEntry<Time>(14, new Time(21, 0, 1));
        encoder.FieldEntry<RwfDateTime>(15, new RwfDateTime(new Date(16, 11, 2005), new Time(21, 0, 1)));
        encoder.FieldEntry(16, [0x22]); // QoS: realtime, tick by tick
        encoder.FieldEntry(17, [0x09, 0x00, 0x00]); // State: open, ok, no code, no text
        encoder.FieldEntry<RwfEnum>(18, new RwfEnum(2));
        encoder.FieldEntry(19, "ABC"u8);
        encoder.FieldEntryBlank(20);
        Assert.Equal(CodecReturnCode.Success, encoder.FieldListComplete(true));
        var decoder = new PayloadDecoder(s_dictionary.Value);

        Assert.True(decoder.Decode(DataTypes.FieldList, encoder.Written, out _), $"{decoder.LastError} on field {decoder.LastErrorFieldId}");
        Assert.Equal(13, decoder.FieldsDecoded);
    }

    [Theory]
    [InlineData(-3, new byte[] { 1, 2, 3, 4, 5, 6, 7, 8, 9 })] // INT longer than 8 bytes
    [InlineData(11, new byte[] { 1, 2 })]                      // FLOAT is 4 bytes
    [InlineData(12, new byte[] { 1, 2, 3 })]                   // DOUBLE is 8 bytes
    [InlineData(18, new byte[] { 1, 2, 3 })]                   // ENUM is at most 2 bytes
    public void A_value_of_a_less_common_type_that_does_not_decode_fails_on_its_field(short fieldId, byte[] badValue)
    {
        var buffer = new byte[64];
        var encoder = new RwfEncoder(buffer);
        encoder.FieldListInit();
        encoder.FieldEntry<Real>(10, new Real(1, RealHints.Exponent0));
        encoder.FieldEntry(fieldId, badValue);
        encoder.FieldListComplete(true);
        var decoder = new PayloadDecoder(s_dictionary.Value);

        Assert.False(decoder.Decode(DataTypes.FieldList, encoder.Written, out _));
        Assert.Equal(PayloadError.BadValue, decoder.LastError);
        Assert.Equal(fieldId, decoder.LastErrorFieldId);
    }

    [Fact]
    public void A_field_whose_dictionary_type_no_field_value_can_have_fails_as_unhandled()
    {
        var buffer = new byte[64];
        var encoder = new RwfEncoder(buffer);
        encoder.FieldListInit();
        encoder.FieldEntry(21, [0x01]);
        encoder.FieldListComplete(true);
        var decoder = new PayloadDecoder(s_dictionary.Value);

        Assert.False(decoder.Decode(DataTypes.FieldList, encoder.Written, out _));
        Assert.Equal(PayloadError.UnhandledType, decoder.LastError);
        Assert.Equal(21, decoder.LastErrorFieldId);
    }
}
