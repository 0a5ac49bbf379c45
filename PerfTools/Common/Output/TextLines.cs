using System.Globalization;
using System.Runtime.CompilerServices;

namespace PerfTools.Common.Output;

/// <summary>
/// Console lines written without a string: the interpolated text is formatted (invariant culture) into a char
/// buffer the caller keeps, then written as a span. <c>lines.Write(console, $"{n}: UpdRate: {rate}\n")</c> allocates
/// nothing, where <c>console.Write($"...")</c> builds a string every stats interval.
/// </summary>
public sealed class TextLines
{
    private readonly char[] _buffer;

    public TextLines(int capacity = 2048) => _buffer = new char[capacity];

    public static IFormatProvider Culture => CultureInfo.InvariantCulture;

    public Span<char> Buffer => _buffer;

    public void Write(TextWriter writer,
        [InterpolatedStringHandlerArgument("")] ref TextLineHandler text)
    {
        if (text.TryFinish(out int written))
            writer.Write(_buffer.AsSpan(0, written));
    }
}

/// <summary>Formats an interpolated string into a <see cref="TextLines"/> buffer (invariant culture).</summary>
[InterpolatedStringHandler]
public ref struct TextLineHandler
{
    private MemoryExtensions.TryWriteInterpolatedStringHandler _inner;
    private readonly Span<char> _destination;
    private bool _ok;

    public TextLineHandler(int literalLength, int formattedCount, TextLines lines, out bool shouldAppend)
    {
        _destination = lines.Buffer;
        _inner = new MemoryExtensions.TryWriteInterpolatedStringHandler(literalLength, formattedCount, _destination,
            TextLines.Culture, out shouldAppend);
        _ok = shouldAppend;
    }

    public bool AppendLiteral(string value) => _ok = _inner.AppendLiteral(value);

    public bool AppendFormatted<T>(T value) => _ok = _inner.AppendFormatted(value);

    public bool AppendFormatted<T>(T value, string? format) => _ok = _inner.AppendFormatted(value, format);

    public bool AppendFormatted<T>(T value, int alignment) => _ok = _inner.AppendFormatted(value, alignment);

    public bool AppendFormatted<T>(T value, int alignment, string? format) => _ok = _inner.AppendFormatted(value, alignment, format);

    public bool AppendFormatted(scoped ReadOnlySpan<char> value) => _ok = _inner.AppendFormatted(value);

    public bool AppendFormatted(string? value) => _ok = _inner.AppendFormatted(value);

    internal bool TryFinish(out int written) => MemoryExtensions.TryWrite(_destination, ref _inner, out written) && _ok;
}
