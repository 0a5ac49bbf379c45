using PerfTools.Common.Items;
using Xunit;

namespace PerfTools.Tests.Items;

public sealed class ItemListLoaderTests : IDisposable
{
    private readonly TempFolder _dir = new("itemlist-");

    public void Dispose() => _dir.Dispose();

    private string Write(string xml)
    {
        string path = _dir.File("items.xml");
        File.WriteAllText(path, xml);
        return path;
    }

    [Fact]
    public void Reads_the_guides_sample_attributes()
    {
        string path = Write("""
            <itemList>
              <item domain="MarketPrice" name="RDT1" post="true" genMsg="true" />
              <item domain="MarketPrice" name="RDT2" post="true" />
              <!-- a comment -->
              <item domain="MarketPrice" name="RDT3" snapshot="TRUE" />
              <item domain="MarketPrice" name="RDT4" generic="true" post="false" />
            </itemList>
            """);

        ItemList list = ItemListLoader.Load(path, 4);

        Assert.Equal(4, list.Count);
        Assert.Equal(new ItemSpec("RDT1", ItemDomain.MarketPrice, true, true, false, 2), list[0]);
        Assert.Equal(new ItemSpec("RDT2", ItemDomain.MarketPrice, true, false, false, 3), list[1]);
        Assert.Equal(new ItemSpec("RDT3", ItemDomain.MarketPrice, false, false, true, 5), list[2]);
        Assert.Equal(new ItemSpec("RDT4", ItemDomain.MarketPrice, false, true, false, 6), list[3]);
        Assert.Equal(path, list.File);
    }

    [Fact]
    public void Keeps_only_the_items_needed_but_refuses_a_broken_entry_after_them()
    {
        // The whole file is validated: a broken entry past the items used is still an error.
        string path = Write("""
            <itemList>
              <item domain="MarketPrice" name="A" />
              <item domain="MarketPrice" name="B" />
              <item domain="MarketByOrder" name="C" />
            </itemList>
            """);

        var e = Assert.Throws<ItemListException>(() => ItemListLoader.Load(path, 2));

        Assert.Equal(4, e.Line);
        Assert.Equal(["A"], ItemListLoader.Load(Write("""
            <itemList>
              <item domain="MarketPrice" name="A" />
              <item domain="MarketPrice" name="B" />
            </itemList>
            """), 1).Items.Select(i => i.Name));
    }

    [Fact]
    public void Too_few_items_is_a_clear_error()
    {
        string path = Write("""<itemList><item domain="MarketPrice" name="A" /></itemList>""");

        var e = Assert.Throws<ItemListException>(() => ItemListLoader.Load(path, 1000));

        Assert.Contains("holds 1 items but 1000 are needed", e.Message);
        Assert.Contains(path, e.Message);
    }

    [Theory]
    [InlineData("""<item domain="MarketByOrder" name="A" />""", "MarketByOrder")]
    [InlineData("""<item domain="MarketPrice" name="A" post="yes" />""", "'post' must be true or false")]
    [InlineData("""<item domain="MarketPrice" />""", "no 'name'")]
    [InlineData("""<item name="A" />""", "no 'domain'")]
    [InlineData("""<item domain="MarketPrice" name="A" colour="red" />""", "unknown attribute 'colour'")]
    [InlineData("""<thing domain="MarketPrice" name="A" />""", "unexpected element <thing>")]
    public void Bad_values_name_the_file_and_line(string badEntry, string expected)
    {
        string path = Write("<itemList>\n  <item domain=\"MarketPrice\" name=\"ok\" />\n  " + badEntry + "\n</itemList>\n");

        var e = Assert.Throws<ItemListException>(() => ItemListLoader.Load(path, 2));

        Assert.Equal(3, e.Line);
        Assert.StartsWith(path + ":3: ", e.Message); // file:line, as the message data and dictionary errors say it
        Assert.Contains(expected, e.Message);
    }

    [Fact]
    public void Malformed_xml_names_the_file_and_line()
    {
        string path = Write("<itemList>\n  <item domain=\"MarketPrice\" name=\"A\" />\n  <item domain=\"MarketPrice\" name=\"B\"\n</itemList>\n");

        var e = Assert.Throws<ItemListException>(() => ItemListLoader.Load(path, 2));

        Assert.Equal(4, e.Line);
        Assert.Contains("malformed XML", e.Message);
    }

    [Fact]
    public void Wrong_root_element_is_rejected()
    {
        string path = Write("<items><item domain=\"MarketPrice\" name=\"A\" /></items>");

        var e = Assert.Throws<ItemListException>(() => ItemListLoader.Load(path, 1));

        Assert.Contains("<itemList>", e.Message);
    }

    [Fact]
    public void Missing_file_is_a_clear_error()
    {
        string path = _dir.File("absent.xml");

        var e = Assert.Throws<ItemListException>(() => ItemListLoader.Load(path, 1));

        Assert.Contains("not found", e.Message);
        Assert.Equal(path, e.File);
    }

    [Fact]
    public void A_name_longer_than_a_message_key_holds_is_refused_with_its_line()
    {
        // 255 bytes fit; "é" is two bytes in UTF-8, so 128 of them (256 bytes) do not, though they are 128 characters.
        string fits = new('A', 255), tooLong = new('\u00e9', 128);
        string Item(string name) => $"  <item domain=\"MarketPrice\" name=\"{name}\" />\n";

        Assert.Equal(fits, ItemListLoader.Load(Write($"<itemList>\n{Item(fits)}</itemList>\n"), 1)[0].Name);
        string path = Write($"<itemList>\n{Item(fits)}{Item(tooLong)}</itemList>\n");
        var e = Assert.Throws<ItemListException>(() => ItemListLoader.Load(path, 2));

        Assert.Equal($"{path}:3: item name is 256 bytes long (UTF-8); a message key holds at most 255", e.Message);
    }

    [Fact]
    public void Names_go_on_the_wire_as_UTF8_in_every_tool()
    {
        string path = Write("<itemList>\n  <item domain=\"MarketPrice\" name=\"caf\u00e9\" />\n</itemList>\n");
        ItemSpec item = ItemListLoader.Load(path, 1)[0];
        var published = new global::PerfTools.Common.Provider.ItemTable();

        global::PerfTools.NIProvPerf.Items.PublishedItems.Open(published, [item], serviceId: 1);

        Assert.Equal("caf\u00e9"u8.ToArray(), item.NameBytes());
        Assert.True(published.TryGet(global::PerfTools.NIProvPerf.Items.PublishedItems.FirstStreamId, out var stream));
        Assert.Equal(item.NameBytes(), stream.Name); // what ConsPerf requests through the hub is what NIProvPerf publishes
    }

    [Fact]
    public void A_folder_is_named_as_one()
    {
        var e = Assert.Throws<ItemListException>(() => ItemListLoader.Load(_dir.Path, 1));

        Assert.Equal($"{_dir.Path}: is a folder, not an item list file", e.Message);
    }

    [Fact]
    public void The_generated_default_list_holds_350k_items_some_posting()
    {
        string path = Path.Combine(AppContext.BaseDirectory, "350k.xml");
        Assert.True(File.Exists(path), "the build should generate 350k.xml into the output directory");

        ItemList list = ItemListLoader.Load(path, 350_000);

        Assert.Equal("RDT350000", list[349_999].Name);
        Assert.Equal(35_000, list.Items.Count(i => i.Post));
        Assert.Equal(35_000, list.Items.Count(i => i.GenMsg));
        Assert.Throws<ItemListException>(() => ItemListLoader.Load(path, 350_001));
    }

    [Fact]
    public void The_generated_list_marks_generic_message_items_the_way_LSEGs_parsers_read_them()
    {
        // LSEG's item list parsers (XmlItemInfoList in C#, Java and C) read post, generic and snapshot; "genMsg" is
        // unknown to them, so an item marked only genMsg="true" would send LSEG's ConsPerf no generic messages.
        var items = System.Xml.Linq.XDocument.Load(Path.Combine(AppContext.BaseDirectory, "350k.xml")).Root!.Elements("item").ToArray();

        Assert.Equal(35_000, items.Count(i => (string?)i.Attribute("generic") == "true"));
        Assert.DoesNotContain(items, i => i.Attribute("genMsg") is not null);
        Assert.Equal("true", (string?)items[0].Attribute("generic"));
    }
}
