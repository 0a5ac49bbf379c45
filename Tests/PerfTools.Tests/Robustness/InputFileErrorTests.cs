using Eta.Codec;
using PerfTools.Common.Items;
using Xunit;

namespace PerfTools.Tests.Robustness;

/// <summary>Bad input files are refused whole, with an error that names the file, the line and the problem, printably.</summary>
public sealed class InputFileErrorTests : IDisposable
{
    private readonly TempFolder _dir = new("robust-files-");

    public void Dispose() => _dir.Dispose();

    private string Write(string name, byte[] content)
    {
        string path = _dir.File(name);
        File.WriteAllBytes(path, content);
        return path;
    }

    [Theory]
    [InlineData("-postingRate", "<postMsg>")]
    [InlineData("-genericMsgRate", "<genMsg>")]
    public void ConsPerf_refuses_a_rate_its_message_data_has_no_messages_for_before_it_connects(string rateOption, string element)
    {
        string msgFile = MsgDataWithoutPostsOrGenericMsgs();
        var console = new StringWriter();

        // Port 1: a run that got as far as connecting would fail there instead, with another exit code.
        int exit = global::PerfTools.ConsPerf.ConsPerfApp.Run(["-p", "1", "-steadyStateTime", "1", rateOption, "1000", "-msgFile", msgFile,
            "-summaryFile", _dir.File("s.out"), "-statsFile", _dir.File("st")], console, TestContext.Current.CancellationToken);

        Assert.Equal(1, exit);
        Assert.Contains($"ConsPerf: message data: {msgFile}: {rateOption} 1000 needs {element} messages, and the file has none", console.ToString());
    }

    [Fact]
    public void ProvPerf_refuses_a_generic_message_rate_its_message_data_has_no_messages_for()
    {
        string msgFile = MsgDataWithoutPostsOrGenericMsgs();
        var console = new StringWriter();

        int exit = global::PerfTools.ProvPerf.ProvPerfApp.Run(["-p", "0", "-runTime", "1", "-genericMsgRate", "1000", "-msgFile", msgFile,
            "-summaryFile", _dir.File("s.out"), "-statsFile", _dir.File("st")], console, TestContext.Current.CancellationToken);

        Assert.Equal(1, exit);
        Assert.Contains($"ProvPerf: message data: {msgFile}: -genericMsgRate 1000 needs <genMsg> messages, and the file has none", console.ToString());
    }

    // The default message data with its <postMsg> and <genMsg> elements taken out (and their counts set to 0).
    private string MsgDataWithoutPostsOrGenericMsgs()
    {
        string full = File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "MsgData.xml"));
        string stripped = System.Text.RegularExpressions.Regex.Replace(full, @"<(postMsg|genMsg)>.*?</\1>\s*", "",
            System.Text.RegularExpressions.RegexOptions.Singleline);
        stripped = System.Text.RegularExpressions.Regex.Replace(stripped, @"(postMsgCount|genMsgCount)=""\d+""", @"$1=""0""");
        return Write("NoPostsOrGenericMsgs.xml", System.Text.Encoding.UTF8.GetBytes(stripped));
    }

    [Fact]
    public void A_garbage_field_dictionary_is_named_with_its_line_and_no_raw_bytes()
    {
        byte[] garbage = [.. "BAD\x01\x1B[2J\x07 \"x\x00y\" 5\n"u8.ToArray()];
        string path = Write("RDMFieldDictionary", garbage);

        Assert.Equal(CodecReturnCode.Failure, new DataDictionary().LoadFieldDictionary(path, out DictionaryError? error));

        string text = error!.ToString();
        Assert.StartsWith($"{path}:1: ", text);
        Assert.Contains(@"\x1B", text);
        Assert.DoesNotContain(text, c => c < ' ' || c >= '\x7F');
    }

    [Fact]
    public void A_binary_dictionary_error_is_cut_short()
    {
        var bytes = new byte[3000];
        new Random(7).NextBytes(bytes);
        for (int i = 0; i < bytes.Length; i++)
            bytes[i] = bytes[i] == (byte)'\n' ? (byte)'x' : bytes[i];
        bytes[0] = (byte)'A';
        bytes[1] = (byte)' ';
        string path = Write("RDMFieldDictionary", bytes);

        new DataDictionary().LoadFieldDictionary(path, out DictionaryError? error);

        Assert.NotNull(error);
        Assert.True(error.Message.Length <= 310, error.Message);
        Assert.DoesNotContain(error.Message, c => c < ' ' || c >= '\x7F');
    }

    [Fact]
    public void An_empty_field_dictionary_is_blamed_on_itself()
    {
        string path = Write("RDMFieldDictionary", "! only a comment\n"u8.ToArray());

        Assert.Equal(CodecReturnCode.Failure, new DataDictionary().LoadFieldDictionary(path, out DictionaryError? error));

        Assert.Equal($"{path}: the file holds no field definitions (is it an RDMFieldDictionary?)", error!.ToString());
    }

    [Fact]
    public void A_malformed_item_past_the_items_used_is_found()
    {
        string path = Write("items.xml", """
            <itemList>
              <item domain="MarketPrice" name="A" />
              <item domain="MarketPrice" name="B" />
              <item domain="MarketPrice" name="C" />
              <item domain="MarketPrice" name="D" post="maybe" />
            </itemList>
            """u8.ToArray());

        var e = Assert.Throws<ItemListException>(() => ItemListLoader.Load(path, 2));

        Assert.Equal(5, e.Line);
        Assert.Contains("attribute 'post' must be true or false, not 'maybe'", e.Message);
    }

    [Fact]
    public void Broken_xml_after_the_item_list_is_found()
    {
        string path = Write("items.xml", """
            <itemList>
              <item domain="MarketPrice" name="A" />
            </itemList>
            <item domain="MarketPrice" name="B" />
            """u8.ToArray());

        var e = Assert.Throws<ItemListException>(() => ItemListLoader.Load(path, 1));

        Assert.Equal(4, e.Line);
        Assert.Contains("malformed XML", e.Message);
    }
}
