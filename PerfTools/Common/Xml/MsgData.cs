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
        UpdateArray = updates;
        PostArray = posts;
        GenericMsgArray = genericMsgs;
    }

    /// <summary>The file the data was loaded from.</summary>
    public string FilePath { get; }

    public MsgTemplate Refresh { get; }

    /// <summary>At least one.</summary>
    public IReadOnlyList<MsgTemplate> Updates => UpdateArray;

    /// <summary>May be empty: a tool that posts must check.</summary>
    public IReadOnlyList<MsgTemplate> Posts => PostArray;

    /// <summary>May be empty: a tool that sends generic messages must check.</summary>
    public IReadOnlyList<MsgTemplate> GenericMsgs => GenericMsgArray;

    /// <summary>Length of the largest encoded field entries block of any message in the file.</summary>
    public int MaxEncodedEntriesLength =>
        Math.Max(Refresh.EncodedEntries.Length, Math.Max(Max(UpdateArray), Math.Max(Max(PostArray), Max(GenericMsgArray))));

    // Arrays for the encoders' hot path (no interface dispatch).
    internal MsgTemplate[] UpdateArray { get; }
    internal MsgTemplate[] PostArray { get; }
    internal MsgTemplate[] GenericMsgArray { get; }

    private static int Max(MsgTemplate[] templates)
    {
        int max = 0;
        foreach (MsgTemplate t in templates)
            max = Math.Max(max, t.EncodedEntries.Length);
        return max;
    }
}
