namespace PerfTools.Common.Xml;

/// <summary>
/// The loaded message data file (MsgData.xml): the refresh sent as every item's image, the updates sent
/// round-robin, and the posts and generic messages (possibly none). Immutable and shared by all threads.
/// </summary>
public sealed class MsgData
{
    internal MsgData(string filePath, MsgTemplate refresh, MsgTemplate[] updates, MsgTemplate[] posts, MsgTemplate[] genericMsgs)
    {
        FilePath = filePath;
        Refresh = refresh;
        Updates = updates;
        Posts = posts;
        GenericMsgs = genericMsgs;
    }

    /// <summary>The file the data was loaded from.</summary>
    public string FilePath { get; }

    public MsgTemplate Refresh { get; }

    /// <summary>At least one.</summary>
    public IReadOnlyList<MsgTemplate> Updates { get; }

    /// <summary>May be empty; a tool that posts must check (see <see cref="MsgDataLoader"/>).</summary>
    public IReadOnlyList<MsgTemplate> Posts { get; }

    /// <summary>May be empty; a tool that sends generic messages must check.</summary>
    public IReadOnlyList<MsgTemplate> GenericMsgs { get; }

    /// <summary>Upper bound of the encoded field entries of any message in the file.</summary>
    public int MaxEncodedFieldsLength =>
        Math.Max(Refresh.MaxEncodedFieldsLength, Math.Max(Max(Updates), Math.Max(Max(Posts), Max(GenericMsgs))));

    private static int Max(IReadOnlyList<MsgTemplate> templates)
    {
        int max = 0;
        foreach (MsgTemplate t in templates)
            max = Math.Max(max, t.MaxEncodedFieldsLength);
        return max;
    }
}
