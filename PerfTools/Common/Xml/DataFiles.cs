using Eta.Codec;

namespace PerfTools.Common.Xml;

/// <summary>
/// Finds and loads the tools' input files: the field dictionary (RDMFieldDictionary, enumtype.def), the message data
/// file and (<see cref="Locate"/> only) the item list. A relative name is looked up in the working directory first,
/// then next to the tool's dll (where the build copies the defaults), so <c>dotnet ProvPerf.dll</c> works from anywhere.
/// </summary>
public static class DataFiles
{
    public const string FieldDictionaryFile = "RDMFieldDictionary";
    public const string EnumTypeFile = "enumtype.def";

    /// <summary>The path to open for <paramref name="name"/>; the name itself when found nowhere (the open then reports it).</summary>
    public static string Locate(string name)
    {
        if (Path.IsPathRooted(name) || File.Exists(name))
            return name;
        string beside = Path.Combine(AppContext.BaseDirectory, name);
        return File.Exists(beside) ? beside : name;
    }

    /// <summary>
/// Loads the dictionary; null with <paramref name="error"/> set when a file is missing or malformed. Errors read as
/// every tool words them after its name: "dictionary: ...", "message data: &lt;file&gt;: ...".
/// </summary>
    public static DataDictionary? LoadDictionary(out string? error)
    {
        var dictionary = new DataDictionary();
        if (dictionary.LoadFieldDictionary(Locate(FieldDictionaryFile), out DictionaryError? fieldError) != CodecReturnCode.Success)
        {
            error = $"dictionary: {fieldError}";
            return null;
        }
        if (dictionary.LoadEnumTypeDictionary(Locate(EnumTypeFile), out DictionaryError? enumError) != CodecReturnCode.Success)
        {
            error = $"dictionary: {enumError}";
            return null;
        }
        error = null;
        return dictionary;
    }

    /// <summary>Loads the message data file; null with <paramref name="error"/> naming file, line and field on failure.</summary>
    public static MsgData? LoadMsgData(string name, DataDictionary dictionary, out string? error)
    {
        try
        {
            error = null;
            return MsgDataLoader.Load(Locate(name), dictionary);
        }
        catch (MsgDataException e)
        {
            error = $"message data: {e.Message}";
            return null;
        }
    }
}
