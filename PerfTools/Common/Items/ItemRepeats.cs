namespace PerfTools.Common.Items;

/// <summary>
/// Finds the items one thread would request twice on its one connection, because the item list names them twice
/// where that thread's share takes both. A provider refuses a second request for an item already open (ProvPerf
/// and LSEG's do), so the run would fail once connected; the tool says so before it connects.
/// </summary>
public static class ItemRepeats
{
    /// <summary>The warning for <paramref name="share"/> (thread <paramref name="threadNumber"/>'s items), or null when they are all distinct.</summary>
    public static string? Warning(string file, int threadNumber, IReadOnlyList<ItemSpec> share)
    {
        var lineOf = new Dictionary<(string Name, ItemDomain Domain), int>(share.Count);
        ItemSpec? firstRepeat = null;
        int firstLine = 0;
        int repeats = 0;
        foreach (ItemSpec item in share)
        {
            if (lineOf.TryAdd((item.Name, item.Domain), item.Line))
                continue;
            if (repeats++ == 0)
            {
                firstRepeat = item;
                firstLine = lineOf[(item.Name, item.Domain)];
            }
        }
        if (firstRepeat is null)
            return null;
        string more = repeats > 1 ? $" ({repeats:N0} repeated items in all)" : "";
        return $"item list: {file}: line {firstRepeat.Line}: {firstRepeat.Name} repeats line {firstLine}, so thread {threadNumber} " +
            $"would request it twice on one connection, and a provider refuses the second request{more}";
    }
}
