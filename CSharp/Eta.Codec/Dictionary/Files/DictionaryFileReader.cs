using Eta.Codec.Rdm;

namespace Eta.Codec;

/// <summary>What a dictionary file format does with its data rows.</summary>
internal interface IDictionaryRowParser
{
    /// <summary>Handles one data row (not blank, not a comment); returns what is wrong with it, or null.</summary>
    string? ParseRow(ReadOnlySpan<char> row);

    /// <summary>Called after the last line; returns what is wrong with the file as a whole, or null.</summary>
    string? Finish();
}

/// <summary>
/// The line structure both dictionary files share: blank lines, "!" comment lines, "!tag Name Value" header
/// lines, and data rows handed to a format-specific <see cref="IDictionaryRowParser"/>.
/// </summary>
internal static class DictionaryFileReader
{
    public static DictionaryError? Read(string? path, ulong kind, DictionaryTags tags, IDictionaryRowParser parser)
    {
        if (string.IsNullOrEmpty(path))
            return new DictionaryError("(none)", 0, "no dictionary file name given");
        if (!File.Exists(path))
            return new DictionaryError(path, 0, "cannot open file: it does not exist");

        try
        {
            using var reader = DictionaryLineReader.Open(path);
            return Read(reader, path, kind, tags, parser);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return new DictionaryError(path, 0, "cannot read file: " + e.Message);
        }
    }

    /// <summary>Reads dictionary lines from <paramref name="reader"/>; <paramref name="source"/> names it in errors.</summary>
    public static DictionaryError? Read(DictionaryLineReader reader, string source, ulong kind, DictionaryTags tags,
        IDictionaryRowParser parser)
    {
        bool tooLong;
        while (reader.TryReadLine(out var line, out tooLong))
        {
            string? problem = ReadLine(line, kind, tags, parser);
            if (problem is not null)
                return new DictionaryError(source, reader.LineNumber, PrintableText.Escape(problem));
        }
        if (tooLong)
            return new DictionaryError(source, reader.LineNumber,
                $"line is longer than {DictionaryLineReader.MaxLineLength} characters");

        string? fileProblem = parser.Finish();
        return fileProblem is null ? null : new DictionaryError(source, 0, PrintableText.Escape(fileProblem));
    }

    private static string? ReadLine(ReadOnlySpan<char> line, ulong kind, DictionaryTags tags, IDictionaryRowParser parser)
    {
        var text = line.TrimStart(" \t");
        if (text.IsEmpty)
            return null;
        if (text.StartsWith("!tag"))
        {
            var cursor = new LineCursor(text[4..]);
            var name = cursor.ReadWord();
            return name.IsEmpty ? null : tags.Apply(kind, name, cursor.Rest());
        }
        if (text[0] == '!')
            return null;
        return parser.ParseRow(text);
    }
}
