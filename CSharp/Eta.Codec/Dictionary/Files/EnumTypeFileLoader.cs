using Eta.Codec.Rdm;
using System.Buffers;
using System.Text;

namespace Eta.Codec;

/// <summary>
/// Loads an enumtype.def file: a sequence of tables, each a list of referencing fields followed by its values.
/// <code>
/// RDN_EXCHID     4          ACRONYM FID rows (one or more)
/// DSPLY_XCHG   123
///       0        "   "   undefined           VALUE DISPLAY MEANING rows
///       1        "ASE"   NYSE American
///      70 #4B673533BD#   hex display: raw bytes
/// </code>
/// A FID row after value rows closes the previous table.
/// </summary>
internal sealed class EnumTypeFileLoader : IDictionaryRowParser
{
    private readonly DataDictionary _dictionary;
    private readonly List<short> _fids = [];
    private readonly List<string> _acronyms = [];
    private readonly List<EnumType> _rows = [];
    private int _tableCount;

    private EnumTypeFileLoader(DataDictionary dictionary) => _dictionary = dictionary;

    public static DictionaryError? Load(DataDictionary dictionary, string? path)
    {
        var loader = new EnumTypeFileLoader(dictionary);
        return DictionaryFileReader.Read(path, DictionaryTypes.EnumTables, dictionary.Tags, loader);
    }

    /// <summary>Loads from text already open (tests, embedded resources); <paramref name="source"/> names it in errors.</summary>
    public static DictionaryError? Load(DataDictionary dictionary, TextReader text, string source)
    {
        using var reader = new DictionaryLineReader(text);
        return DictionaryFileReader.Read(reader, source, DictionaryTypes.EnumTables, dictionary.Tags, new EnumTypeFileLoader(dictionary));
    }

    public string? ParseRow(ReadOnlySpan<char> row)
    {
        var cursor = new LineCursor(row);
        char first = cursor.Peek();
        if (first is '"' or '#')
            return "display without a VALUE";
        // A row starting with a whole number is a value row; anything else (even "52W_HIND") is an acronym.
        if (cursor.TryReadInt(out int value))
            return ParseValueRow(value, ref cursor);

        if (_rows.Count > 0)
        {
            string? problem = CloseTable();
            if (problem is not null)
                return problem;
        }

        var acronym = cursor.ReadWord();
        if (!cursor.TryReadInt(out int fid) || fid is < DataDictionary.MinFieldId or > DataDictionary.MaxFieldId)
            return $"missing or out-of-range FID for {acronym}";
        _fids.Add((short)fid);
        _acronyms.Add(acronym.ToString());
        return null;
    }

    public string? Finish()
    {
        if (_rows.Count == 0)
            return _fids.Count > 0 ? "the last enum table has FIDs but no values" : "no enum table found";
        return CloseTable();
    }

    private string? ParseValueRow(int value, ref LineCursor cursor)
    {
        if (value < 0)
            return $"enum value {value} cannot be negative";
        if (value > ushort.MaxValue)
            return $"enum value {value} is larger than {ushort.MaxValue}";
        if (_fids.Count == 0)
            return "enum values before any referencing FID";

        byte[] display;
        if (cursor.TryReadDelimited('#', out var hex))
        {
            if (hex.Length == 0 || hex.Length % 2 != 0)
                return $"hex DISPLAY of value {value} must have an even, non-zero number of digits";
            display = new byte[hex.Length / 2];
            if (Convert.FromHexString(hex, display, out _, out _) != OperationStatus.Done)
                return $"hex DISPLAY of value {value} holds a non-hex character";
        }
        else if (cursor.TryReadDelimited('"', out var quoted))
        {
            if (quoted.IsEmpty)
                return $"empty DISPLAY for value {value}";
            display = new byte[quoted.Length];
            Encoding.Latin1.GetBytes(quoted, display);
        }
        else
        {
            return $"missing DISPLAY (\"text\" or #hex#) for value {value}";
        }

        var meaning = cursor.Rest();
        _rows.Add(new EnumType((ushort)value, display, meaning.IsEmpty ? null : meaning.ToString()));
        return null;
    }

    private string? CloseTable()
    {
        _tableCount++;
        var table = EnumTypeTable.Create(_rows, _fids, out string? problem);
        problem ??= _dictionary.AddEnumTable(table!, _acronyms);
        _fids.Clear();
        _acronyms.Clear();
        _rows.Clear();
        return problem is null ? null : $"enum table {_tableCount}: {problem}";
    }
}
