using Eta.Codec.Rdm;

namespace Eta.Codec;

/// <summary>
/// Loads an RDMFieldDictionary file. Each data row has eight columns:
/// <code>
/// ACRONYM    DDE ACRONYM        FID  RIPPLES TO  FIELD TYPE     LENGTH  RWF TYPE   RWF LEN
/// TRDPRC_1   "LAST"               6  TRDPRC_2    PRICE              17  REAL64           7
/// RDN_EXCHID "IDN EXCHANGE ID"    4  NULL        ENUMERATED    3 ( 3 )  ENUM             1
/// </code>
/// ENUMERATED fields add the enum length in parentheses after LENGTH. RIPPLES TO names a field by acronym
/// (or NULL); it is resolved to a fid once the whole file is read.
/// </summary>
internal sealed class FieldDictionaryFileLoader : IDictionaryRowParser
{
    private readonly DataDictionary _dictionary;
    private readonly List<(short Fid, string Acronym)> _ripples = [];
    private readonly Dictionary<string, short> _loaded = new(StringComparer.Ordinal);

    private FieldDictionaryFileLoader(DataDictionary dictionary) => _dictionary = dictionary;

    public static DictionaryError? Load(DataDictionary dictionary, string? path)
    {
        var loader = new FieldDictionaryFileLoader(dictionary);
        return DictionaryFileReader.Read(path, DictionaryTypes.FieldDefinitions, dictionary.Tags, loader);
    }

    /// <summary>Loads from text already open (tests, embedded resources); <paramref name="source"/> names it in errors.</summary>
    public static DictionaryError? Load(DataDictionary dictionary, TextReader text, string source)
    {
        using var reader = new DictionaryLineReader(text);
        return DictionaryFileReader.Read(reader, source, DictionaryTypes.FieldDefinitions, dictionary.Tags, new FieldDictionaryFileLoader(dictionary));
    }

    public string? ParseRow(ReadOnlySpan<char> row)
    {
        var cursor = new LineCursor(row);

        var acronym = ReadName(ref cursor);
        if (acronym.IsEmpty)
            return "missing ACRONYM";
        var ddeAcronym = ReadName(ref cursor);
        if (ddeAcronym.IsEmpty)
            return $"missing DDE ACRONYM for {acronym}";

        if (!cursor.TryReadInt(out int fid) || fid is < DataDictionary.MinFieldId or > DataDictionary.MaxFieldId)
            return $"FID of {acronym} is not a number in {DataDictionary.MinFieldId}..{DataDictionary.MaxFieldId}";

        var ripplesTo = cursor.ReadWord();
        if (ripplesTo.IsEmpty)
            return $"missing RIPPLES TO for {acronym}";

        var fieldTypeName = cursor.ReadWord();
        if (!MfFieldTypeNames.TryParse(fieldTypeName, out var fieldType))
            return $"unknown FIELD TYPE '{fieldTypeName}' for {acronym}";

        if (!cursor.TryReadInt(out int length) || length is < 0 or > ushort.MaxValue)
            return $"LENGTH of {acronym} is not a number in 0..{ushort.MaxValue}";

        int enumLength = 0;
        if (cursor.TryConsume('('))
        {
            if (!cursor.TryReadInt(out enumLength) || enumLength is < 1 or > byte.MaxValue || !cursor.TryConsume(')'))
                return $"enum length of {acronym} must be \"( n )\" with n in 1..{byte.MaxValue}";
        }

        var rwfTypeName = cursor.ReadWord();
        if (!RwfTypeNames.TryParse(rwfTypeName, out int rwfType))
            return $"illegal RWF TYPE '{rwfTypeName}' for {acronym}";

        if (!cursor.TryReadInt(out int rwfLength) || rwfLength is < 0 or > ushort.MaxValue)
            return $"RWF LEN of {acronym} is not a number in 0..{ushort.MaxValue}";

        var entry = new DictionaryEntry((short)fid)
        {
            Acronym = acronym.ToString(),
            DdeAcronym = ddeAcronym.ToString(),
            FieldType = fieldType,
            Length = (ushort)length,
            EnumLength = (byte)enumLength,
            RwfType = rwfType,
            RwfLength = (ushort)rwfLength,
        };
        string? problem = _dictionary.AddField(entry);
        if (problem is not null)
            return problem;
        _loaded.TryAdd(entry.Acronym, entry.FieldId);
        if (!ripplesTo.SequenceEqual("NULL"))
            _ripples.Add((entry.FieldId, ripplesTo.ToString()));
        return null;
    }

    public string? Finish()
    {
        // An empty file would otherwise load "successfully" and the first user of a field would take the blame.
        if (_loaded.Count == 0)
            return "the file holds no field definitions (is it an RDMFieldDictionary?)";
        _dictionary.ResolveRipples(_ripples, _loaded);
        return null;
    }

    /// <summary>A quoted name ("DISPLAY NAME", may hold spaces) or a bare word.</summary>
    private static ReadOnlySpan<char> ReadName(ref LineCursor cursor)
    {
        if (cursor.Peek() != '"')
            return cursor.ReadWord();
        return cursor.TryReadDelimited('"', out var quoted) ? quoted : default;
    }
}
