namespace PerfTools.Common.Items;

/// <summary>An item list file that cannot be used: malformed, wrong values, or too few items.</summary>
public sealed class ItemListException : Exception
{
    public ItemListException(string file, int line, string problem, Exception? inner = null)
        : base(line > 0 ? $"{file}:{line}: {problem}" : $"{file}: {problem}", inner)
    {
        File = file;
        Line = line;
    }

    /// <summary>The item list file.</summary>
    public string File { get; }

    /// <summary>The 1-based line of the problem, or 0 when it concerns the whole file.</summary>
    public int Line { get; }
}
