using Eta.Codec;
using PerfTools.Common.Items;
using PerfTools.Common.Omm;
using PerfTools.Common.Xml;
using PerfTools.ConsPerf.Options;

namespace PerfTools.ConsPerf.Run;

/// <summary>
/// What every consumer thread reads and nobody changes, loaded once before the threads start (§4.2.1, §4.5):
/// the field dictionary, each thread's share of the item list, and the message data for posts and generic messages.
/// </summary>
public sealed class ConsumerResources
{
    private readonly ItemSpec[][] _itemsPerThread;

    internal ConsumerResources(DataDictionary dictionary, ItemSpec[][] itemsPerThread, MarketPriceEncoder? contentEncoder,
        IReadOnlyList<string>? warnings = null)
    {
        Dictionary = dictionary;
        _itemsPerThread = itemsPerThread;
        ContentEncoder = contentEncoder;
        Warnings = warnings ?? [];
    }

    /// <summary>What the inputs allow but the run will likely trip on, to print before connecting.</summary>
    public IReadOnlyList<string> Warnings { get; }

    public DataDictionary Dictionary { get; }

    /// <summary>Encodes posts and generic messages from -msgFile; null when neither is sent.</summary>
    public MarketPriceEncoder? ContentEncoder { get; }

    public ItemSpec[] ItemsOf(int threadIndex) => _itemsPerThread[threadIndex];

    /// <exception cref="SetupException">An input file is missing or invalid.</exception>
    public static ConsumerResources Load(ConsPerfOptions options)
    {
        ItemList items;
        try
        {
            items = ItemListLoader.Load(DataFiles.Locate(options.ItemFile), options.ItemCount);
        }
        catch (ItemListException e)
        {
            throw new SetupException("item list: " + e.Message, e);
        }
        var perThread = new ItemSpec[options.ThreadCount][];
        var warnings = new List<string>();
        for (int i = 0; i < perThread.Length; i++)
        {
            perThread[i] = ItemAssignment.ForThread(items, options.ItemCount, options.CommonItemCount, options.ThreadCount, i);
            if (ItemRepeats.Warning(items.File, i + 1, perThread[i]) is { } repeats)
                warnings.Add(repeats);
        }

        DataDictionary dictionary = LoadDictionary();
        MarketPriceEncoder? encoder = null;
        if (options.PostingRate > 0 || options.GenericMsgRate > 0)
        {
            MsgData msgData = LoadMsgData(options.MsgFile, dictionary);
            RequireMessages(options.PostingRate, "-postingRate", msgData.Posts.Count, "<postMsg>", msgData.FilePath);
            RequireMessages(options.GenericMsgRate, "-genericMsgRate", msgData.GenericMsgs.Count, "<genMsg>", msgData.FilePath);
            encoder = new MarketPriceEncoder(msgData);
        }
        return new ConsumerResources(dictionary, perThread, encoder, warnings);
    }

    // Found now, not when the first post is due, after connecting and with an exit code that blames the provider.
    private static void RequireMessages(int rate, string option, int count, string element, string file)
    {
        if (rate > 0 && count == 0)
            throw new SetupException($"message data: {file}: {option} {rate} needs {element} messages, and the file has none");
    }

    private static MsgData LoadMsgData(string file, DataDictionary dictionary) =>
        DataFiles.LoadMsgData(file, dictionary, out string? error) ?? throw new SetupException(error!);

    private static DataDictionary LoadDictionary() =>
        DataFiles.LoadDictionary(out string? error) ?? throw new SetupException(error!);
}
