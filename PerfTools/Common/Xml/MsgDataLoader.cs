namespace PerfTools.Common.Xml;

/// <summary>
/// Loads the message data file (default MsgData.xml, guide §9.1). Setup code: throws
/// <see cref="MsgDataException"/> naming file, line and field for anything wrong, including a missing file.
/// </summary>
public static class MsgDataLoader
{
    /// <summary>The default file name (<c>-msgFile</c>).</summary>
    public const string DefaultFileName = "MsgData.xml";

    /// <summary>Loads and validates <paramref name="path"/> against <paramref name="dictionary"/>.</summary>
    public static MsgData Load(string path, Eta.Codec.DataDictionary dictionary) =>
        Load(path, new DataDictionaryFields(dictionary));

    internal static MsgData Load(string path, IFieldDefinitions dictionary)
    {
        if (Directory.Exists(path)) // else the open below says only that access is denied
            throw new MsgDataException(path, 0, null, "is a folder, not a message data file");
        TextReader text;
        try
        {
            text = new StreamReader(path, System.Text.Encoding.UTF8, detectEncodingFromByteOrderMarks: true);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new MsgDataException(path, 0, null, $"cannot open the message data file: {e.Message}", e);
        }
        using (text)
            return Parse(path, text, dictionary);
    }

    /// <summary>Parses message data from <paramref name="text"/>; <paramref name="sourceName"/> names it in errors.</summary>
    internal static MsgData Parse(string sourceName, TextReader text, IFieldDefinitions dictionary) =>
        MsgDataXmlReader.Read(sourceName, text, new FieldTemplateBuilder(dictionary));
}
