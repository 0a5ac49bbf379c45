using PerfTools.Common.Xml;
using Xunit;

namespace PerfTools.Tests.Xml;

/// <summary>Every problem in a message data file is reported with the file, the line and (for entries) the field.</summary>
public class MsgDataErrorTests
{
    private const string Source = "test.xml";

    [Fact]
    public void Unknown_field_id_names_line_and_field()
    {
        var e = Fail(Doc(refresh: Entry(9999, "RSSL_DT_UINT", "1")));
        Assert.Equal(Source, e.FilePath);
        Assert.Equal(5, e.Line);
        Assert.Equal(9999, e.FieldId);
        Assert.Contains("not defined", e.Message);
        Assert.StartsWith("test.xml:5: field 9999:", e.Message);
    }

    [Fact]
    public void Type_that_disagrees_with_the_dictionary_is_rejected()
    {
        var e = Fail(Doc(update: Entry(22, "RSSL_DT_UINT", "1")));
        Assert.Equal(22, e.FieldId);
        Assert.Equal(10, e.Line);
        Assert.Contains("REAL", e.Message);
        Assert.Contains("BID", e.Message);
    }

    [Theory]
    [InlineData("RSSL_DT_REAL", 22, "12..5")]
    [InlineData("RSSL_DT_UINT", 1, "-3")]
    [InlineData("RSSL_DT_UINT", 1, "lots")]
    [InlineData("RSSL_DT_ENUM", 4, "70000")]
    [InlineData("RSSL_DT_DATE", 16, "31/31/2020")]
    [InlineData("RSSL_DT_TIME", 5, "25:00:00")]
    public void Malformed_values_are_rejected(string type, int fieldId, string data)
    {
        var e = Fail(Doc(refresh: Entry(fieldId, type, data)));
        Assert.Equal(fieldId, e.FieldId);
        Assert.Equal(5, e.Line);
        Assert.Contains(data, e.Message);
    }

    [Fact]
    public void A_value_longer_than_a_field_entry_holds_is_rejected_and_the_longest_is_kept()
    {
        var e = Fail(Doc(refresh: Entry(107, "RSSL_DT_ASCII_STRING", new string('Q', 65_536))));
        Assert.Equal(107, e.FieldId);
        Assert.Equal(5, e.Line);
        Assert.Contains("the value is 65536 bytes encoded; a field entry holds at most 65535", e.Message);

        MsgData longest = MsgDataLoader.Parse(Source, new StringReader(Doc(refresh: Entry(107, "RSSL_DT_ASCII_STRING", new string('Q', 65_535)))),
            new FakeFieldDefinitions());
        Assert.Equal(65_535, longest.Refresh.Fields[0].EncodedValue.Length);
    }

    [Theory]
    [InlineData("<fieldEntry dataType=\"RSSL_DT_UINT\" data=\"1\"/>", null, "fieldId")]
    [InlineData("<fieldEntry fieldId=\"x\" dataType=\"RSSL_DT_UINT\" data=\"1\"/>", null, "fieldId")]
    [InlineData("<fieldEntry fieldId=\"0\" dataType=\"RSSL_DT_UINT\" data=\"1\"/>", null, "fieldId")]
    [InlineData("<fieldEntry fieldId=\"1\" data=\"1\"/>", 1, "dataType")]
    [InlineData("<fieldEntry fieldId=\"1\" dataType=\"RSSL_DT_ARRAY\" data=\"1\"/>", 1, "RSSL_DT_ARRAY")]
    [InlineData("<fieldEntry fieldId=\"1\" dataType=\"RSSL_DT_UINT\"/>", 1, "data")]
    public void Missing_or_bad_attributes_are_rejected(string entry, int? fieldId, string mentioned)
    {
        var e = Fail(Doc(refresh: entry));
        Assert.Equal(5, e.Line);
        Assert.Equal(fieldId, e.FieldId);
        Assert.Contains(mentioned, e.Problem);
    }

    [Fact]
    public void Missing_refresh_is_rejected()
    {
        string xml = "<msgFormat>\n<marketPriceMsgList>\n<updateMsg><dataBody><fieldList></fieldList></dataBody></updateMsg>\n</marketPriceMsgList>\n</msgFormat>";
        var e = Fail(xml);
        Assert.Equal(2, e.Line);
        Assert.Contains("refreshMsg", e.Message);
    }

    [Fact]
    public void Missing_update_is_rejected()
    {
        string xml = "<msgFormat>\n<marketPriceMsgList>\n<refreshMsg><dataBody><fieldList></fieldList></dataBody></refreshMsg>\n</marketPriceMsgList>\n</msgFormat>";
        Assert.Contains("updateMsg", Fail(xml).Message);
    }


    [Fact]
    public void Declared_message_counts_must_match()
    {
        string xml = Doc(refresh: "").Replace("<marketPriceMsgList>", "<marketPriceMsgList updateMsgCount=\"2\">");
        Assert.Contains("updateMsgCount", Fail(xml).Message);
    }

    [Theory]
    [InlineData("<other/>", "unexpected element <other>")]
    [InlineData("<msgFormat><marketPriceMsgList><refreshMsg><dataBody><fieldList><bogus/></fieldList></dataBody></refreshMsg></marketPriceMsgList></msgFormat>", "<bogus>")]
    [InlineData("<msgFormat><marketPriceMsgList><refreshMsg>text</refreshMsg></marketPriceMsgList></msgFormat>", "unexpected text")]
    [InlineData("<msgFormat><marketPriceMsgList><refreshMsg><dataBody>", "malformed XML")]
    public void Structural_errors_are_rejected(string xml, string mentioned)
    {
        var e = Fail(xml.StartsWith("<other", StringComparison.Ordinal) ? "<msgFormat>" + xml + "</msgFormat>" : xml);
        Assert.Contains(mentioned, e.Message);
        Assert.True(e.Line > 0);
    }

    [Fact]
    public void Missing_file_is_reported_with_its_path()
    {
        string path = Path.Combine(Path.GetTempPath(), "no-such-dir-" + Guid.NewGuid(), "MsgData.xml");
        var e = Assert.Throws<MsgDataException>(() => MsgDataLoader.Load(path, new FakeFieldDefinitions()));
        Assert.Equal(path, e.FilePath);
        Assert.Contains("cannot open", e.Message);
    }

    [Fact]
    public void A_folder_is_named_as_one()
    {
        string folder = Directory.CreateTempSubdirectory("msgdata-folder-").FullName;
        try
        {
            var e = Assert.Throws<MsgDataException>(() => MsgDataLoader.Load(folder, new FakeFieldDefinitions()));
            Assert.Equal($"{folder}: is a folder, not a message data file", e.Message);
        }
        finally
        {
            Directory.Delete(folder);
        }
    }

    internal static string Entry(int fieldId, string type, string data) =>
        $"<fieldEntry fieldId=\"{fieldId}\" dataType=\"{type}\" data=\"{data}\"/>";

    // Line numbers: the refresh's entry is on line 5, the update's on line 10.
    internal static string Doc(string refresh = "", string update = "") =>
        "<msgFormat>\n" +
        "<marketPriceMsgList>\n" +
        "<refreshMsg><dataBody>\n" +
        "<fieldList>\n" +
        refresh + "\n" +
        "</fieldList></dataBody></refreshMsg>\n" +
        "<updateMsg>\n" +
        "<dataBody>\n" +
        "<fieldList>\n" +
        update + "\n" +
        "</fieldList></dataBody></updateMsg>\n" +
        "</marketPriceMsgList>\n" +
        "</msgFormat>\n";

    private static MsgDataException Fail(string xml) =>
        Assert.Throws<MsgDataException>(() => MsgDataLoader.Parse(Source, new StringReader(xml), new FakeFieldDefinitions()));
}
