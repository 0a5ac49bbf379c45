using PerfTools.Common.Items;
using Xunit;

namespace PerfTools.Tests.ConsPerf;

public sealed class ItemAssignmentTests
{
    private static ItemList ListOf(int count)
    {
        string path = Path.GetTempFileName();
        try
        {
            File.WriteAllLines(path, ["<itemList>", .. Enumerable.Range(0, count).Select(i => $"<item domain=\"MarketPrice\" name=\"I{i}\"/>"), "</itemList>"]);
            return ItemListLoader.Load(path, count);
        }
        finally
        {
            File.Delete(path);
        }
    }

    [Fact]
    public void One_thread_takes_every_item()
    {
        ItemList list = ListOf(10);

        Assert.Equal(list.Items, ItemAssignment.ForThread(list, 10, 0, 1, 0));
    }

    [Fact]
    public void Common_items_go_to_every_thread_and_the_rest_is_split_without_overlap()
    {
        ItemList list = ListOf(20);

        string[][] perThread = Enumerable.Range(0, 3)
            .Select(t => ItemAssignment.ForThread(list, 20, 5, 3, t).Select(i => i.Name).ToArray()).ToArray();

        string[] common = ["I0", "I1", "I2", "I3", "I4"];
        Assert.All(perThread, names => Assert.Equal(common, names[..5]));
        // 15 unique items over 3 threads: 5 each, consecutive.
        Assert.Equal(["I5", "I6", "I7", "I8", "I9"], perThread[0][5..]);
        Assert.Equal(["I10", "I11", "I12", "I13", "I14"], perThread[1][5..]);
        Assert.Equal(["I15", "I16", "I17", "I18", "I19"], perThread[2][5..]);
    }

    [Fact]
    public void A_remainder_goes_to_the_first_threads()
    {
        ItemList list = ListOf(7);

        int[] counts = Enumerable.Range(0, 3).Select(t => ItemAssignment.ForThread(list, 7, 0, 3, t).Length).ToArray();
        string[] all = Enumerable.Range(0, 3).SelectMany(t => ItemAssignment.ForThread(list, 7, 0, 3, t)).Select(i => i.Name).ToArray();

        Assert.Equal([3, 2, 2], counts);
        Assert.Equal(list.Items.Select(i => i.Name), all);
    }
}
