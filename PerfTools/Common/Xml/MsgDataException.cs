namespace PerfTools.Common.Xml;

/// <summary>
/// The message data file could not be loaded: says which file, which line (1-based, 0 when unknown) and, for a
/// field entry, which field id, so the user can go straight to the bad line.
/// </summary>
public sealed class MsgDataException : Exception
{
    public MsgDataException(string filePath, int line, int? fieldId, string problem, Exception? inner = null)
        : base(Format(filePath, line, fieldId, problem), inner)
    {
        FilePath = filePath;
        Line = line;
        FieldId = fieldId;
        Problem = problem;
    }

    /// <summary>The file being read.</summary>
    public string FilePath { get; }

    /// <summary>1-based line of the offending element, 0 when the problem is not tied to a line.</summary>
    public int Line { get; }

    /// <summary>The field id of the offending field entry, when the problem is in one.</summary>
    public int? FieldId { get; }

    /// <summary>What is wrong, without the location.</summary>
    public string Problem { get; }

    private static string Format(string filePath, int line, int? fieldId, string problem)
    {
        string where = line > 0 ? $"{filePath}:{line}" : filePath;
        return fieldId is int fid ? $"{where}: field {fid}: {problem}" : $"{where}: {problem}";
    }
}
