namespace PerfTools.Common.Items;

/// <summary>The items read from an item list file, in file order.</summary>
public sealed class ItemList
{
    internal ItemList(string file, IReadOnlyList<ItemSpec> items)
    {
        File = file;
        Items = items;
    }

    /// <summary>The file the items came from.</summary>
    public string File { get; }

    /// <summary>The items, in file order.</summary>
    public IReadOnlyList<ItemSpec> Items { get; }

    public int Count => Items.Count;

    public ItemSpec this[int index] => Items[index];
}
