using Eta.TestSupport;
using PerfTools.Common.Provider;
using Xunit;

namespace PerfTools.Tests.ProvPerf;

[Collection(AllocationCollection.Name)]
public class ItemTableTests
{
    [Fact]
    public void Opened_items_are_refreshed_in_order_then_rotated_for_updates()
    {
        var table = new ItemTable();
        ItemStream a = Open(table, 5, "A"), b = Open(table, 6, "B"), c = Open(table, 7, "C", streaming: false);
        Assert.Equal(3, table.RefreshesPending);

        Assert.True(table.TryDequeueRefresh(out ItemStream first));
        Assert.Same(a, first);
        table.RefreshSent(first);
        Assert.True(table.TryDequeueRefresh(out ItemStream second));
        table.RefreshSent(second);
        Assert.True(table.TryDequeueRefresh(out ItemStream third));
        Assert.Same(c, third);
        table.RefreshSent(third); // snapshot: closed after its refresh

        Assert.Equal(2, table.OpenCount);
        Assert.Equal(2, table.RotationCount);
        var order = new List<int>();
        for (int i = 0; i < 5; i++)
        {
            Assert.True(table.TryNextForUpdate(out int next));
            order.Add(table.Entry(next).StreamId);
        }
        Assert.Equal([5, 6, 5, 6, 5], order);
        Assert.Same(b, table.TryGet(6, out ItemStream found) ? found : null);
    }

    [Fact]
    public void Closing_removes_an_item_from_the_rotation_and_the_refresh_queue()
    {
        var table = new ItemTable();
        ItemStream a = Open(table, 1, "A");
        Open(table, 2, "B");
        table.TryDequeueRefresh(out _);
        table.RefreshSent(a);
        table.Close(2); // still queued for its refresh
        table.Close(1); // in the rotation
        Assert.False(table.TryDequeueRefresh(out _));
        Assert.False(table.TryNextForUpdate(out _));
        Assert.Equal(0, table.OpenCount);
    }

    [Fact]
    public void An_item_keeps_its_template_cursors_when_a_close_moves_it_in_the_rotation()
    {
        var table = new ItemTable();
        for (int streamId = 1; streamId <= 3; streamId++)
        {
            Open(table, streamId, "I" + streamId);
            Assert.True(table.TryDequeueRefresh(out ItemStream item));
            table.RefreshSent(item);
        }
        for (int i = 0; i < 3; i++)
        {
            Assert.True(table.TryNextForUpdate(out int index));
            ref RotationEntry entry = ref table.Entry(index);
            entry.UpdateCursor = 10 * entry.StreamId;
            entry.GenericCursor = 100 * entry.StreamId;
        }
        table.Close(1); // the last item (stream 3) takes stream 1's place

        var seen = new Dictionary<int, (int Update, int Generic)>();
        for (int i = 0; i < table.RotationCount; i++)
        {
            Assert.True(table.TryNextForUpdate(out int index));
            RotationEntry entry = table.Entry(index);
            seen[entry.StreamId] = (entry.UpdateCursor, entry.GenericCursor);
        }
        Assert.Equal(new Dictionary<int, (int, int)> { [2] = (20, 200), [3] = (30, 300) }, seen);
    }

    [Fact]
    public void Same_key_on_another_stream_is_detected_and_a_refresh_is_queued_once()
    {
        var table = new ItemTable();
        ItemStream a = Open(table, 1, "A");
        Assert.True(table.IsOpenOnOtherStream(ItemKey.From("A"u8, 1), 2));
        Assert.False(table.IsOpenOnOtherStream(ItemKey.From("A"u8, 1), 1));
        Assert.False(table.IsOpenOnOtherStream(ItemKey.From("A"u8, 2), 2));
        table.QueueRefresh(a);
        Assert.Equal(1, table.RefreshesPending);
    }

    [Fact]
    public void Walking_the_rotation_allocates_nothing()
    {
        var table = new ItemTable();
        for (int i = 1; i <= 100; i++)
        {
            ItemStream item = Open(table, i, "I" + i);
            table.TryDequeueRefresh(out _);
            table.RefreshSent(item);
        }
        AllocationAssert.None(() =>
        {
            for (int i = 0; i < 10_000; i++)
                table.TryNextForUpdate(out _);
        });
    }

    private static ItemStream Open(ItemTable table, int streamId, string name, bool streaming = true)
    {
        byte[] bytes = System.Text.Encoding.ASCII.GetBytes(name);
        var item = new ItemStream(streamId, ItemKey.From(bytes, 1), bytes, 1, streaming);
        table.Open(item);
        return item;
    }
}
