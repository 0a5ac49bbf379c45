namespace PerfTools.Common.Items;

/// <summary>One entry of an item list file: what to request and how (§9.2.1).</summary>
/// <param name="Name">The name put in the request's MsgKey.</param>
/// <param name="Domain">The domain the item is requested from.</param>
/// <param name="Post">Whether ConsPerf posts to this item when posting is enabled.</param>
/// <param name="GenMsg">Whether ConsPerf sends generic messages on this item when they are enabled.</param>
/// <param name="Snapshot">Whether the item is requested without the streaming flag.</param>
/// <param name="Line">The line of the file the entry came from, for error messages.</param>
public sealed record ItemSpec(string Name, ItemDomain Domain, bool Post, bool GenMsg, bool Snapshot, int Line)
{
    /// <summary>The name as it goes on the wire: its UTF-8 bytes, as LSEG's tools take it from the XML.</summary>
    public byte[] NameBytes() => System.Text.Encoding.UTF8.GetBytes(Name);
}
