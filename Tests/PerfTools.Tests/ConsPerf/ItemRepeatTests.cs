using PerfTools.Common.Items;
using PerfTools.ConsPerf;
using Xunit;

namespace PerfTools.Tests.ConsPerf;

/// <summary>An item that one thread would request twice (a provider refuses the second) is warned about before connecting.</summary>
public sealed class ItemRepeatTests : IDisposable
{
    private readonly TempFolder _dir = new("item-repeats-");

    public void Dispose() => _dir.Dispose();

    private string ItemFile(params string[] names)
    {
        string path = _dir.File("items.xml");
        File.WriteAllLines(path, ["<itemList>", .. names.Select(n => $"  <item domain=\"MarketPrice\" name=\"{n}\"/>"), "</itemList>"]);
        return path;
    }

    [Fact]
    public void ConsPerf_warns_before_connecting_naming_both_lines()
    {
        string items = ItemFile("RDT1", "RDT2", "RDT1", "RDT3", "RDT2");
        var console = new StringWriter();

        int exit = ConsPerfApp.Run(["-itemFile", items, "-itemCount", "5", "-p", LoopbackRun.FreePort().ToString(), "-steadyStateTime", "1",
            "-summaryFile", _dir.File("s.out"), "-statsFile", _dir.File("st")], console, TestContext.Current.CancellationToken);

        Assert.Contains($"ConsPerf: warning: item list: {items}: line 4: RDT1 repeats line 2, so thread 1 would request it twice on one " +
            "connection, and a provider refuses the second request (2 repeated items in all)\n", console.ToString());
        Assert.Equal(7, exit); // it still runs: nothing listens on that port
    }

    [Fact]
    public void A_name_repeated_only_across_threads_or_not_at_all_is_no_warning()
    {
        var specs = new[] { "RDT1", "RDT2", "RDT1" }.Select((n, i) => new ItemSpec(n, ItemDomain.MarketPrice, false, false, false, i + 2)).ToArray();

        Assert.Null(ItemRepeats.Warning("items.xml", 1, specs[..2]));
        Assert.Null(ItemRepeats.Warning("items.xml", 2, specs[2..]));
        Assert.NotNull(ItemRepeats.Warning("items.xml", 1, specs));
    }
}
