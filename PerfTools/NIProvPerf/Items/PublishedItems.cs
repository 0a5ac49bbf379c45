using PerfTools.Common.Items;
using PerfTools.Common.Provider;

namespace PerfTools.NIProvPerf.Items;

/// <summary>
/// Opens a connection's items: a non-interactive provider opens its own streams, with negative stream ids so they
/// never meet ids a hub assigns. As LSEG's NIProvPerf does, the directory takes -1 and items start at -6 and go
/// down (-6, -7, ...). Each key carries the name, name type RIC and the service id.
/// </summary>
internal static class PublishedItems
{
    /// <summary>Stream id of a connection's first item.</summary>
    public const int FirstStreamId = -6;

    /// <summary>RIC, the instrument name type of every published item.</summary>
    public const byte NameTypeRic = 1;

    /// <summary>Opens <paramref name="items"/> in <paramref name="table"/> (queueing their refreshes).</summary>
    public static void Open(ItemTable table, IReadOnlyList<ItemSpec> items, int serviceId)
    {
        for (int i = 0; i < items.Count; i++)
        {
            byte[] name = items[i].NameBytes(); // the bytes a consumer requests it by, whatever its characters
            table.Open(new ItemStream(StreamIdOf(i), ItemKey.From(name, serviceId), name, NameTypeRic, streaming: true));
        }
    }

    public static int StreamIdOf(int index) => FirstStreamId - index;
}
