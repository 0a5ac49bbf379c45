namespace Eta.Codec;

/// <summary>
/// Reads a dictionary file line by line into one reused buffer, so loading never allocates per line and
/// never allocates by a size taken from the file: a line longer than <see cref="MaxLineLength"/> is an error.
/// Files are Latin-1 (every byte maps to one char), which keeps hex enum displays byte-exact.
/// </summary>
internal sealed class DictionaryLineReader : IDisposable
{
    /// <summary>The longest line accepted; real dictionary lines are well under 200 characters.</summary>
    public const int MaxLineLength = 4096;

    private readonly TextReader _reader;
    private readonly char[] _buffer = new char[MaxLineLength * 2];
    private int _start;
    private int _end;
    private bool _endOfInput;

    public DictionaryLineReader(TextReader reader) => _reader = reader;

    /// <summary>1-based number of the line last returned.</summary>
    public int LineNumber { get; private set; }

    /// <summary>Opens a file for reading as Latin-1.</summary>
    public static DictionaryLineReader Open(string path) =>
        new(new StreamReader(path, System.Text.Encoding.Latin1, detectEncodingFromByteOrderMarks: false));

    /// <summary>
    /// Returns true with the next line (without its line terminator), false at the end of input.
    /// Sets <paramref name="tooLong"/> and returns false when the next line exceeds <see cref="MaxLineLength"/>.
    /// </summary>
    public bool TryReadLine(out ReadOnlySpan<char> line, out bool tooLong)
    {
        tooLong = false;
        while (true)
        {
            int newline = _buffer.AsSpan(_start, _end - _start).IndexOf('\n');
            if (newline >= 0)
            {
                line = TrimCarriageReturn(_buffer.AsSpan(_start, newline));
                _start += newline + 1;
                return Accept(line, out tooLong);
            }

            if (_end - _start > MaxLineLength)
                return TooLong(out line, out tooLong);

            if (_endOfInput)
            {
                if (_start == _end)
                {
                    line = default;
                    return false;
                }
                line = TrimCarriageReturn(_buffer.AsSpan(_start, _end - _start));
                _start = _end;
                return Accept(line, out tooLong);
            }

            Refill();
        }
    }

    private bool Accept(ReadOnlySpan<char> line, out bool tooLong)
    {
        LineNumber++;
        tooLong = line.Length > MaxLineLength;
        return !tooLong;
    }

    private bool TooLong(out ReadOnlySpan<char> line, out bool tooLong)
    {
        LineNumber++;
        line = default;
        tooLong = true;
        return false;
    }

    private void Refill()
    {
        if (_start > 0)
        {
            _buffer.AsSpan(_start, _end - _start).CopyTo(_buffer);
            _end -= _start;
            _start = 0;
        }
        int read = _reader.Read(_buffer, _end, _buffer.Length - _end);
        if (read == 0)
            _endOfInput = true;
        _end += read;
    }

    private static ReadOnlySpan<char> TrimCarriageReturn(ReadOnlySpan<char> line) =>
        line.Length > 0 && line[^1] == '\r' ? line[..^1] : line;

    public void Dispose() => _reader.Dispose();
}
