using Eta.Codec;
using Eta.TestSupport;
using PerfTools.Common.Xml;
using Xunit;

namespace PerfTools.Tests.Xml;

public class MsgDataLoaderTests
{
    internal static DataDictionary RepoDictionary()
    {
        var dictionary = new DataDictionary();
        string etc = Path.Combine(ReferenceData.RepoRoot, "etc");
        Assert.Equal(CodecReturnCode.Success, dictionary.LoadFieldDictionary(Path.Combine(etc, "RDMFieldDictionary"), out var e1));
        Assert.Equal(CodecReturnCode.Success, dictionary.LoadEnumTypeDictionary(Path.Combine(etc, "enumtype.def"), out var e2));
        return dictionary;
    }

    internal static MsgData RepoMsgData() =>
        MsgDataLoader.Load(Path.Combine(ReferenceData.RepoRoot, "etc", "MsgData.xml"), RepoDictionary());

    [Fact]
    public void Shipped_message_data_loads_against_the_shipped_dictionary()
    {
        MsgData data = RepoMsgData();
        Assert.Equal(43, data.Refresh.FieldCount);
        Assert.Equal(2, data.Updates.Count);
        Assert.Equal(2, data.Posts.Count);
        Assert.Equal(2, data.GenericMsgs.Count);
        Assert.All(data.Updates, u => Assert.Equal(MsgTemplateKind.Update, u.Kind));
        Assert.All(data.Posts, p => Assert.Equal(MsgTemplateKind.Post, p.Kind));

        // The guide's §9.1.2 sample update is the first update.
        FieldTemplate bid = data.Updates[0].Fields[0];
        Assert.Equal(22, bid.FieldId);
        Assert.Equal(DataTypes.Real, bid.DataType);
        Assert.Equal(CodecReturnCode.Success, Real.Decode(bid.EncodedValue.Span, out Real real));
        Assert.Equal(2848.56, real.ToDouble(), 6);
        Assert.True(data.MaxEncodedEntriesLength >= data.Refresh.EncodedEntries.Length);
    }

    [Fact]
    public void Every_primitive_type_is_parsed_in_its_ETA_string_form()
    {
        string xml = MsgDataErrorTests.Doc(refresh: string.Concat(
            MsgDataErrorTests.Entry(100, "RSSL_DT_INT", "-42"),
            MsgDataErrorTests.Entry(1, "RSSL_DT_UINT", "57132000"),
            MsgDataErrorTests.Entry(101, "RSSL_DT_FLOAT", "1.5"),
            MsgDataErrorTests.Entry(102, "RSSL_DT_DOUBLE", "-2.25"),
            MsgDataErrorTests.Entry(22, "RSSL_DT_REAL", "12 3/8"),
            MsgDataErrorTests.Entry(16, "RSSL_DT_DATE", "11/15/2005"),
            MsgDataErrorTests.Entry(5, "RSSL_DT_TIME", "15:52:00:003:007:001"),
            MsgDataErrorTests.Entry(4, "RSSL_DT_ENUM", "840"),
            MsgDataErrorTests.Entry(104, "RSSL_DT_QOS", "Realtime/TickByTick/Static"),
            MsgDataErrorTests.Entry(105, "RSSL_DT_STATE", "Open/Ok/None"),
            MsgDataErrorTests.Entry(106, "RSSL_DT_BUFFER", "abc"),
            MsgDataErrorTests.Entry(107, "RSSL_DT_ASCII_STRING", "GOOG"),
            MsgDataErrorTests.Entry(108, "RSSL_DT_UTF8_STRING", "é"),
            MsgDataErrorTests.Entry(3, "RSSL_DT_RMTES_STRING", "")));
        MsgData data = MsgDataLoader.Parse("t.xml", new StringReader(xml), new FakeFieldDefinitions());
        var f = data.Refresh.Fields;
        Assert.Equal(14, f.Count);
        Assert.Equal(-42, Decode<Int>(f[0]).Value);
        Assert.Equal(57132000UL, Decode<UInt>(f[1]).Value);
        Assert.Equal(1.5f, Decode<Float>(f[2]).Value);
        Assert.Equal(-2.25, Decode<RwfDouble>(f[3]).Value);
        Assert.Equal(12.375, Decode<Real>(f[4]).ToDouble(), 6);
        Date date = Decode<Date>(f[5]);
        Assert.Equal((11, 15, 2005), (date.Month, date.Day, date.Year));
        Time time = Decode<Time>(f[6]);
        Assert.Equal((15, 52, 0, 3, 7, 1), (time.Hour, time.Minute, time.Second, time.Millisecond, time.Microsecond, time.Nanosecond));
        Assert.Equal(840, Decode<RwfEnum>(f[7]).Value);
        Qos qos = Decode<Qos>(f[8]);
        Assert.Equal((QosTimeliness.Realtime, QosRates.TickByTick), ((int)qos.Timeliness, (int)qos.Rate));
        Assert.Equal(CodecReturnCode.Success, State.Decode(f[9].EncodedValue.Span, out State state));
        Assert.Equal(StreamStates.Open, state.StreamState);
        Assert.Equal("abc"u8.ToArray(), f[10].EncodedValue.ToArray());
        Assert.Equal("GOOG"u8.ToArray(), f[11].EncodedValue.ToArray());
        Assert.Equal("é"u8.ToArray(), f[12].EncodedValue.ToArray());
        Assert.True(f[13].EncodedValue.IsEmpty); // blank
    }

    [Fact]
    public void Encoded_entries_hold_every_field_in_wire_form()
    {
        string xml = MsgDataErrorTests.Doc(refresh: MsgDataErrorTests.Entry(1, "RSSL_DT_UINT", "300") + MsgDataErrorTests.Entry(22, "RSSL_DT_REAL", ""));
        MsgData data = MsgDataLoader.Parse("t.xml", new StringReader(xml), new FakeFieldDefinitions());
        // fid 1, length 2, 0x012C; fid 22, length 0 (blank)
        Assert.Equal(new byte[] { 0x00, 0x01, 0x02, 0x01, 0x2C, 0x00, 0x16, 0x00 }, data.Refresh.EncodedEntries.ToArray());
    }

    private static T Decode<T>(FieldTemplate field) where T : struct, IPrimitive<T>
    {
        Assert.Equal(CodecReturnCode.Success, T.Decode(field.EncodedValue.Span, out T value));
        return value;
    }

    [Fact]
    public void Shipped_message_data_is_shaped_so_LSEGs_tools_can_read_it()
    {
        // LSEG's Java ProvPerf keeps one message index per item for updates, posts and generic messages alike, so
        // lists of different lengths overrun the shorter one (LSEG's own MsgData.xml has two of each); LSEG's C#
        // parser takes every child of marketPriceMsgList for a message, so a comment there breaks it.
        var section = System.Xml.Linq.XDocument.Load(Path.Combine(ReferenceData.RepoRoot, "etc", "MsgData.xml"))
            .Descendants("marketPriceMsgList").Single();
        int updates = section.Elements("updateMsg").Count(), posts = section.Elements("postMsg").Count(), generics = section.Elements("genMsg").Count();

        Assert.Equal((updates, updates), (posts, generics));
        Assert.Equal(updates, (int)section.Attribute("updateMsgCount")!);
        Assert.Equal(posts, (int)section.Attribute("postMsgCount")!);
        Assert.Equal(generics, (int)section.Attribute("genMsgCount")!);
        Assert.Empty(section.Nodes().OfType<System.Xml.Linq.XComment>());
        Assert.All(section.Descendants("fieldList"), list => Assert.Equal(list.Elements("fieldEntry").Count(), (int)list.Attribute("entryCount")!));
    }

    [Fact]
    public void LSEGs_default_message_data_loads_against_our_dictionary()
    {
        MsgData data = MsgDataLoader.Load(ReferenceData.Path("perftools", "MsgData.xml"), RepoDictionary());

        Assert.Equal(70, data.Refresh.FieldCount);
        Assert.Equal((2, 2, 2), (data.Updates.Count, data.Posts.Count, data.GenericMsgs.Count));
        // LSEG's data="" on a REAL is a blank REAL: an entry of length 0.
        Assert.Contains(data.Refresh.Fields, f => f.FieldId == 376 && f.EncodedValue.Length == 0);
    }
    [Fact]
    public void A_field_lists_entryCount_is_informational_as_in_LSEGs_C_parser()
    {
        string xml = MsgDataErrorTests.Doc(refresh: MsgDataErrorTests.Entry(1, "RSSL_DT_UINT", "5"))
            .Replace("<fieldList>", "<fieldList entryCount=\"3\">");
        MsgData data = MsgDataLoader.Parse("inline.xml", new StringReader(xml), new FakeFieldDefinitions());
        Assert.Equal(1, data.Refresh.FieldCount);
    }

    [Fact]
    public void LSEGs_C_edition_message_data_loads_although_its_refresh_declares_fewer_entries()
    {
        // LSEG C 2.1.2 ships a MsgData.xml whose refresh says entryCount="70" over 83 entries; its own tools load it.
        string path = Path.Combine(ReferenceData.Root, "..", "peers", "lseg-eta-c", "etc", "MsgData.xml");
        var dictionary = new DataDictionary();
        Assert.Equal(CodecReturnCode.Success, dictionary.LoadFieldDictionary(ReferenceData.Path("RDMFieldDictionary"), out _));
        Assert.Equal(CodecReturnCode.Success, dictionary.LoadEnumTypeDictionary(ReferenceData.Path("enumtype.def"), out _));

        MsgData data = MsgDataLoader.Load(path, dictionary);

        Assert.Equal(83, data.Refresh.FieldCount);
    }
}
