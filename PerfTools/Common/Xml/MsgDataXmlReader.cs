using System.Xml;

namespace PerfTools.Common.Xml;

/// <summary>
/// Walks the message data XML and checks its structure:
/// <code>
/// &lt;msgFormat&gt;
///   &lt;marketPriceMsgList updateMsgCount="n" postMsgCount="n" genMsgCount="n"&gt;   (counts optional)
///     &lt;refreshMsg&gt; &lt;dataBody&gt; &lt;fieldList entryCount="n"&gt; &lt;fieldEntry fieldId dataType data/&gt;...
///     &lt;updateMsg&gt; ... (one or more)
///     &lt;postMsg&gt; &lt;updateMsg&gt; &lt;dataBody&gt; ...   (the posted content is an update)
///     &lt;genMsg&gt; &lt;dataBody&gt; ...
/// </code>
/// Field entries are handed to <see cref="FieldTemplateBuilder"/> for type checking and encoding.
/// </summary>
internal sealed class MsgDataXmlReader
{
    // The entry count is a u16 on the wire, and the tools may append a latency entry.
    private const int MaxEntries = ushort.MaxValue - 1;

    private readonly string _path;
    private readonly XmlReader _reader;
    private readonly IXmlLineInfo _lineInfo;
    private readonly FieldTemplateBuilder _fields;

    private MsgTemplate? _refresh;
    private readonly List<MsgTemplate> _updates = [];
    private readonly List<MsgTemplate> _posts = [];
    private readonly List<MsgTemplate> _genericMsgs = [];

    private MsgDataXmlReader(string path, XmlReader reader, FieldTemplateBuilder fields)
    {
        _path = path;
        _reader = reader;
        _lineInfo = (IXmlLineInfo)reader;
        _fields = fields;
    }

    public static MsgData Read(string path, TextReader text, FieldTemplateBuilder fields)
    {
        var settings = new XmlReaderSettings
        {
            DtdProcessing = DtdProcessing.Prohibit,
            IgnoreComments = true,
            IgnoreWhitespace = true,
            IgnoreProcessingInstructions = true,
            XmlResolver = null,
        };
        using XmlReader reader = XmlReader.Create(text, settings);
        var walker = new MsgDataXmlReader(path, reader, fields);
        try
        {
            return walker.ReadDocument();
        }
        catch (XmlException e)
        {
            throw new MsgDataException(path, e.LineNumber, null, $"malformed XML: {e.Message}", e);
        }
    }

    private int Line => _lineInfo.LineNumber;

    private MsgData ReadDocument()
    {
        if (_reader.MoveToContent() != XmlNodeType.Element || _reader.Name != "msgFormat")
            throw Error("the root element must be <msgFormat>");
        bool sawList = false;
        int depth = _reader.Depth;
        while (NextChild(depth))
        {
            if (_reader.Name != "marketPriceMsgList")
                throw Unexpected("<msgFormat>");
            if (sawList)
                throw Error("only one <marketPriceMsgList> is allowed");
            sawList = true;
            ReadMessageList();
        }
        if (!sawList)
            throw Error("<msgFormat> has no <marketPriceMsgList>");
        return new MsgData(_path, _refresh!, [.. _updates], [.. _posts], [.. _genericMsgs]);
    }

    private void ReadMessageList()
    {
        int listLine = Line;
        int? updateCount = OptionalCount("updateMsgCount");
        int? postCount = OptionalCount("postMsgCount");
        int? genCount = OptionalCount("genMsgCount");
        int depth = _reader.Depth;
        while (NextChild(depth))
        {
            switch (_reader.Name)
            {
                case "refreshMsg":
                    if (_refresh is not null)
                        throw Error("only one <refreshMsg> is allowed");
                    _refresh = ReadMessage(MsgTemplateKind.Refresh);
                    break;
                case "updateMsg":
                    _updates.Add(ReadMessage(MsgTemplateKind.Update));
                    break;
                case "postMsg":
                    _posts.Add(ReadMessage(MsgTemplateKind.Post));
                    break;
                case "genMsg":
                    _genericMsgs.Add(ReadMessage(MsgTemplateKind.Generic));
                    break;
                default:
                    throw Unexpected("<marketPriceMsgList>");
            }
        }
        if (_refresh is null)
            throw new MsgDataException(_path, listLine, null, "a <refreshMsg> is required");
        if (_updates.Count == 0)
            throw new MsgDataException(_path, listLine, null, "at least one <updateMsg> is required");
        CheckCount("updateMsgCount", updateCount, _updates.Count, listLine);
        CheckCount("postMsgCount", postCount, _posts.Count, listLine);
        CheckCount("genMsgCount", genCount, _genericMsgs.Count, listLine);
    }

    // A message holds one <dataBody>; posts (and, tolerated, generic messages) wrap it in an <updateMsg>.
    private MsgTemplate ReadMessage(MsgTemplateKind kind)
    {
        int line = Line;
        string name = _reader.Name;
        FieldTemplate[]? fields = ReadMessageBody(kind, name, allowUpdateWrapper: kind is MsgTemplateKind.Post or MsgTemplateKind.Generic);
        if (fields is null)
            throw new MsgDataException(_path, line, null, $"<{name}> has no <dataBody>");
        return new MsgTemplate(kind, line, fields);
    }

    private FieldTemplate[]? ReadMessageBody(MsgTemplateKind kind, string name, bool allowUpdateWrapper)
    {
        FieldTemplate[]? fields = null;
        int depth = _reader.Depth;
        while (NextChild(depth))
        {
            if (fields is not null)
                throw Error($"<{name}> must hold exactly one <dataBody>");
            if (_reader.Name == "dataBody")
                fields = ReadDataBody();
            else if (allowUpdateWrapper && _reader.Name == "updateMsg")
                fields = ReadMessageBody(kind, "updateMsg", allowUpdateWrapper: false);
            else
                throw Unexpected($"<{name}>");
        }
        return fields;
    }

    private FieldTemplate[] ReadDataBody()
    {
        FieldTemplate[]? fields = null;
        int depth = _reader.Depth;
        while (NextChild(depth))
        {
            if (_reader.Name != "fieldList")
                throw Unexpected("<dataBody>");
            if (fields is not null)
                throw Error("<dataBody> must hold exactly one <fieldList>");
            fields = ReadFieldList();
        }
        return fields ?? throw Error("<dataBody> has no <fieldList>");
    }

    private FieldTemplate[] ReadFieldList()
    {
        // entryCount is informational: LSEG's C parser counts the entries itself, and LSEG's own C MsgData.xml
        // declares 70 entries for a refresh of 83. It must still be a number.
        _ = OptionalCount("entryCount");
        var fields = new List<FieldTemplate>();
        int depth = _reader.Depth;
        while (NextChild(depth))
        {
            if (_reader.Name != "fieldEntry")
                throw Unexpected("<fieldList>");
            if (fields.Count == MaxEntries)
                throw Error($"a field list holds at most {MaxEntries} entries (one more is kept for a latency timestamp)");
            fields.Add(ReadFieldEntry());
        }
        return [.. fields];
    }

    private FieldTemplate ReadFieldEntry()
    {
        int line = Line;
        string? fieldId = _reader.GetAttribute("fieldId");
        string? dataType = _reader.GetAttribute("dataType");
        string? data = _reader.GetAttribute("data");
        int depth = _reader.Depth;
        if (NextChild(depth))
            throw Unexpected("<fieldEntry>");
        return _fields.Build(_path, line, fieldId, dataType, data);
    }

    /// <summary>
    /// Moves to the next child element of the element at <paramref name="parentDepth"/> (true), or past the
    /// parent's end (false). Text where only elements belong is an error.
    /// </summary>
    private bool NextChild(int parentDepth)
    {
        if (_reader.Depth == parentDepth && _reader.NodeType == XmlNodeType.Element && _reader.IsEmptyElement)
            return false;
        while (_reader.Read())
        {
            switch (_reader.NodeType)
            {
                case XmlNodeType.Element when _reader.Depth == parentDepth + 1:
                    return true;
                case XmlNodeType.EndElement when _reader.Depth == parentDepth:
                    return false;
                case XmlNodeType.Text or XmlNodeType.CDATA:
                    throw Error($"unexpected text \"{_reader.Value.Trim()}\"");
            }
        }
        throw Error("unexpected end of file");
    }

    private int? OptionalCount(string attribute)
    {
        string? text = _reader.GetAttribute(attribute);
        if (text is null)
            return null;
        if (!int.TryParse(text, System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out int count))
            throw Error($"{attribute}=\"{text}\" is not a count");
        return count;
    }

    private void CheckCount(string attribute, int? declared, int actual, int line)
    {
        if (declared is int d && d != actual)
            throw new MsgDataException(_path, line, null, $"{attribute} says {d} but {actual} are present");
    }

    private MsgDataException Unexpected(string parent) => Error($"unexpected element <{_reader.Name}> in {parent}");

    private MsgDataException Error(string problem) => new(_path, Line, null, problem);
}
