using System.Text;

namespace PerfTools.PerfReport.Input;

/// <summary>
/// Reads a run folder's files as lines of text, refusing what cannot be a tool's output before it can hang or exhaust
/// the report: a FIFO (opening it waits for a writer), a device such as <c>/dev/zero</c> (endless), and a line longer
/// than <see cref="MaxLineChars"/> (a binary file; <see cref="StreamReader.ReadLine"/> would grow without bound).
/// Refusals are <see cref="InvalidDataException"/>s, which the folder reader notes and skips.
/// </summary>
internal static class TextFile
{
    /// <summary>Far beyond any tool's widest stats row (a few hundred characters).</summary>
    public const int MaxLineChars = 1 << 20;

    private const int BlockChars = 1 << 16;

    /// <summary>
    /// The file's size in bytes, following links. FIFOs, devices and /proc files report 0, so they read as empty and
    /// are never opened.
    /// </summary>
    public static long SizeOf(string path)
    {
        FileSystemInfo? target;
        try
        {
            target = File.ResolveLinkTarget(path, returnFinalTarget: true);
        }
        catch (IOException e)
        {
            throw new InvalidDataException($"{System.IO.Path.GetFileName(path)}: its link cannot be followed ({e.Message})", e);
        }
        return (target ?? new FileInfo(path)) is FileInfo { Exists: true } file ? file.Length : 0;
    }

    public static IEnumerable<string> ReadLines(string path)
    {
        string name = System.IO.Path.GetFileName(path);
        if (SizeOf(path) == 0)
            yield break;
        using var reader = new StreamReader(path, detectEncodingFromByteOrderMarks: true);
        char[] block = new char[BlockChars];
        var line = new StringBuilder();
        bool afterCarriageReturn = false;
        long lineNumber = 1;
        int read;
        while ((read = reader.Read(block, 0, block.Length)) > 0)
        {
            int start = 0;
            for (int i = 0; i < read; i++)
            {
                char c = block[i];
                if (afterCarriageReturn)
                {
                    afterCarriageReturn = false;
                    if (c == '\n')
                    {
                        start = i + 1;
                        continue;
                    }
                }
                if (c is not ('\n' or '\r'))
                    continue;
                Append(line, block, start, i - start, name, lineNumber);
                yield return line.ToString();
                line.Clear();
                lineNumber++;
                afterCarriageReturn = c == '\r';
                start = i + 1;
            }
            Append(line, block, start, read - start, name, lineNumber);
        }
        if (line.Length > 0)
            yield return line.ToString();
    }

    private static void Append(StringBuilder line, char[] block, int start, int count, string name, long lineNumber)
    {
        if (line.Length + count > MaxLineChars)
            throw new InvalidDataException($"{name}: line {lineNumber} is longer than {MaxLineChars:N0} characters, so it is not a tool's text output");
        line.Append(block, start, count);
    }
}
