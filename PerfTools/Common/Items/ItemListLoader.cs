using System.Xml;

namespace PerfTools.Common.Items;

/// <summary>
/// Reads an item list file (§9.2):
/// <code>
/// &lt;itemList&gt;
///   &lt;item domain="MarketPrice" name="RDT1" post="true" generic="true" snapshot="false"/&gt;
///   ...
/// &lt;/itemList&gt;
/// </code>
/// <c>domain</c> and <c>name</c> are required; <c>post</c>, <c>generic</c> and <c>snapshot</c> default to false.
/// <c>generic</c> is what LSEG's tools read and write; the guide's §9.2 table spells it <c>genMsg</c>, which is
/// accepted too (LSEG's parsers ignore it, so files meant for their tools should say <c>generic</c>).
/// </summary>
public static class ItemListLoader
{
    private const string RootElement = "itemList";
    private const string ItemElement = "item";

    /// <summary>
    /// Reads the first <paramref name="requiredCount"/> items of <paramref name="path"/>. The rest of the file is
    /// validated too (a malformed tail is an error even when the run would not use it) but not kept.
    /// </summary>
    /// <exception cref="ItemListException">The file is missing, malformed, has a bad attribute, or holds fewer items
    /// than required. The message names the file and line.</exception>
    public static ItemList Load(string path, int requiredCount)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(requiredCount);
        if (Directory.Exists(path))
            throw new ItemListException(path, 0, "is a folder, not an item list file");
        if (!System.IO.File.Exists(path))
            throw new ItemListException(path, 0, "item list file not found");

        var items = new List<ItemSpec>(Math.Min(requiredCount, 1 << 20));
        var settings = new XmlReaderSettings
        {
            DtdProcessing = DtdProcessing.Prohibit,
            IgnoreComments = true,
            IgnoreWhitespace = true,
            IgnoreProcessingInstructions = true,
            XmlResolver = null,
        };
        try
        {
            using XmlReader reader = XmlReader.Create(path, settings);
            var lineInfo = (IXmlLineInfo)reader;
            ReadRoot(reader, lineInfo, path);
            // Reading to the end of the document also makes the XML reader reject anything after </itemList>.
            while (reader.Read())
            {
                if (reader.NodeType != XmlNodeType.Element)
                    continue;
                if (reader.Name != ItemElement || reader.Depth != 1)
                    throw new ItemListException(path, lineInfo.LineNumber,
                        $"unexpected element <{reader.Name}>; only <{ItemElement}> entries belong in <{RootElement}>");
                ItemSpec item = ReadItem(reader, lineInfo.LineNumber, path);
                if (items.Count < requiredCount)
                    items.Add(item);
            }
        }
        catch (XmlException e)
        {
            throw new ItemListException(path, e.LineNumber, "malformed XML: " + e.Message, e);
        }
        catch (IOException e)
        {
            throw new ItemListException(path, 0, "cannot read the file: " + e.Message, e);
        }
        catch (UnauthorizedAccessException e)
        {
            throw new ItemListException(path, 0, "cannot read the file: " + e.Message, e);
        }

        if (items.Count < requiredCount)
            throw new ItemListException(path, 0,
                $"holds {items.Count} items but {requiredCount} are needed (-itemCount); use a longer item list or fewer items");
        return new ItemList(path, items);
    }

    private static void ReadRoot(XmlReader reader, IXmlLineInfo lineInfo, string path)
    {
        if (reader.MoveToContent() != XmlNodeType.Element || reader.Name != RootElement)
            throw new ItemListException(path, lineInfo.LineNumber,
                $"the document must start with <{RootElement}>, found <{reader.Name}>");
    }

    private static ItemSpec ReadItem(XmlReader reader, int line, string path)
    {
        string? name = null;
        ItemDomain? domain = null;
        bool post = false, genMsg = false, snapshot = false;
        while (reader.MoveToNextAttribute())
        {
            switch (reader.Name)
            {
                case "name":
                    name = reader.Value;
                    break;
                case "domain":
                    domain = ParseDomain(reader.Value, line, path);
                    break;
                case "post":
                    post = ParseFlag(reader.Name, reader.Value, line, path);
                    break;
                case "genMsg":
                case "generic":
                    genMsg = ParseFlag(reader.Name, reader.Value, line, path);
                    break;
                case "snapshot":
                    snapshot = ParseFlag(reader.Name, reader.Value, line, path);
                    break;
                default:
                    throw new ItemListException(path, line,
                        $"unknown attribute '{reader.Name}' (expected domain, name, post, generic (or genMsg), snapshot)");
            }
        }
        reader.MoveToElement();
        if (domain is null)
            throw new ItemListException(path, line, "item has no 'domain' attribute");
        if (string.IsNullOrEmpty(name))
            throw new ItemListException(path, line, "item has no 'name' attribute (or it is empty)");
        if (!Omm.MessageKeyName.Fits(name))
            throw new ItemListException(path, line, "item name " + Omm.MessageKeyName.TooLong(name));
        return new ItemSpec(name, domain.Value, post, genMsg, snapshot, line);
    }

    private static ItemDomain ParseDomain(string value, int line, string path) => value switch
    {
        "MarketPrice" => ItemDomain.MarketPrice,
        _ => throw new ItemListException(path, line, $"domain '{value}' is not supported; it must be MarketPrice"),
    };

    private static bool ParseFlag(string attribute, string value, int line, string path)
    {
        if (string.Equals(value, "true", StringComparison.OrdinalIgnoreCase))
            return true;
        if (string.Equals(value, "false", StringComparison.OrdinalIgnoreCase))
            return false;
        throw new ItemListException(path, line, $"attribute '{attribute}' must be true or false, not '{value}'");
    }
}
