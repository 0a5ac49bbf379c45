using PerfTools.PerfHub.Cache;
using Xunit;

namespace PerfTools.Tests.PerfHub;

/// <summary>The stream-id table every update is looked up in: NI streams (negative), hub streams (small positive), and any other id.</summary>
public sealed class StreamMapTests
{
    [Theory]
    [InlineData(-1)]
    [InlineData(-100_000)]
    [InlineData(0)]
    [InlineData(10)]
    [InlineData(-1_048_576)]
    [InlineData(1_048_575)]
    [InlineData(int.MinValue)]
    [InlineData(int.MaxValue)]
    [InlineData(5_000_000)]
    public void An_item_is_found_by_its_stream_id_and_only_by_it_until_removed(int streamId)
    {
        var map = new StreamMap();
        CachedItem item = Item("A");
        map[streamId] = item;
        Assert.True(map.TryGetValue(streamId, out CachedItem? found));
        Assert.Same(item, found);
        Assert.False(map.TryGetValue(streamId == int.MaxValue ? streamId - 1 : streamId + 1, out _));
        Assert.False(map.TryGetValue(-streamId - 1, out _));
        Assert.Equal(1, map.Count);

        Assert.True(map.Remove(streamId));
        Assert.False(map.TryGetValue(streamId, out _));
        Assert.False(map.Remove(streamId));
        Assert.Equal(0, map.Count);
    }

    [Fact]
    public void Values_holds_every_item_once_and_replacing_one_keeps_the_count()
    {
        var map = new StreamMap();
        CachedItem[] items = [Item("A"), Item("B"), Item("C"), Item("D")];
        map[-1] = items[0];
        map[-70_000] = items[1];
        map[12] = items[2];
        map[9_000_000] = items[3];
        map[12] = items[2];
        Assert.Equal(4, map.Count);
        Assert.Equal(items.OrderBy(i => i.Name), map.Values.OrderBy(i => i.Name));

        map.Clear();
        Assert.Empty(map.Values);
        Assert.False(map.TryGetValue(-1, out _));
    }

    private static CachedItem Item(string name) => new(1, name, System.Text.Encoding.ASCII.GetBytes(name), 1, 6, new FieldLayouts(), new DeferredUpdates());
}
