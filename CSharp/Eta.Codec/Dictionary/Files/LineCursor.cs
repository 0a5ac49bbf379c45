using System.Globalization;

namespace Eta.Codec;

/// <summary>
/// Walks the whitespace-separated columns of one dictionary file line. Every read skips leading blanks
/// (spaces and tabs) first; a failed read leaves the cursor where the column started.
/// </summary>
internal ref struct LineCursor
{
    private readonly ReadOnlySpan<char> _line;
    private int _position;

    public LineCursor(ReadOnlySpan<char> line) => _line = line;

    /// <summary>True when only blanks remain.</summary>
    public bool AtEnd
    {
        get
        {
            SkipBlanks();
            return _position >= _line.Length;
        }
    }

    /// <summary>The next non-blank character, or '\0' at the end of the line.</summary>
    public char Peek()
    {
        SkipBlanks();
        return _position < _line.Length ? _line[_position] : '\0';
    }

    /// <summary>The next run of non-blank characters (empty at the end of the line).</summary>
    public ReadOnlySpan<char> ReadWord()
    {
        SkipBlanks();
        int start = _position;
        while (_position < _line.Length && !IsBlank(_line[_position]))
            _position++;
        return _line[start.._position];
    }

    /// <summary>
    /// Reads text between two <paramref name="delimiter"/> characters ("..." or #...#).
    /// False when the column does not start with the delimiter or is not closed on this line.
    /// </summary>
    public bool TryReadDelimited(char delimiter, out ReadOnlySpan<char> text)
    {
        SkipBlanks();
        text = default;
        if (_position >= _line.Length || _line[_position] != delimiter)
            return false;
        int close = _line[(_position + 1)..].IndexOf(delimiter);
        if (close < 0)
            return false;
        text = _line.Slice(_position + 1, close);
        _position += close + 2;
        return true;
    }

    /// <summary>Reads an optionally negative decimal integer that fits an int and ends at a blank, ')' or the end.</summary>
    public bool TryReadInt(out int value)
    {
        SkipBlanks();
        int start = _position;
        int end = start;
        if (end < _line.Length && _line[end] == '-')
            end++;
        int digitsStart = end;
        while (end < _line.Length && char.IsAsciiDigit(_line[end]))
            end++;
        bool terminated = end == _line.Length || IsBlank(_line[end]) || _line[end] == ')';
        if (end == digitsStart || !terminated || !int.TryParse(_line[start..end], NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out value))
        {
            value = 0;
            return false;
        }
        _position = end;
        return true;
    }

    /// <summary>Consumes <paramref name="expected"/> if it is the next non-blank character.</summary>
    public bool TryConsume(char expected)
    {
        if (Peek() != expected)
            return false;
        _position++;
        return true;
    }

    /// <summary>Everything after the current position, without surrounding blanks.</summary>
    public ReadOnlySpan<char> Rest()
    {
        SkipBlanks();
        var rest = _line[_position..].TrimEnd(" \t");
        _position = _line.Length;
        return rest;
    }

    private void SkipBlanks()
    {
        while (_position < _line.Length && IsBlank(_line[_position]))
            _position++;
    }

    private static bool IsBlank(char c) => c is ' ' or '\t';
}
