using System.Globalization;

namespace Eta.Codec;

/// <summary>Appends characters and numbers to a caller's span, remembering (not throwing) when it runs out.</summary>
internal ref struct CharSink
{
    private readonly Span<char> _destination;

    public CharSink(Span<char> destination)
    {
        _destination = destination;
        Length = 0;
        Overflowed = false;
    }

    public int Length { get; private set; }

    public bool Overflowed { get; private set; }

    public readonly ReadOnlySpan<char> Written => _destination[..Length];

    public void Append(char c)
    {
        if (Length < _destination.Length)
            _destination[Length++] = c;
        else
            Overflowed = true;
    }

    public void Append(scoped ReadOnlySpan<char> text)
    {
        if (text.TryCopyTo(_destination[Length..]))
            Length += text.Length;
        else
            Overflowed = true;
    }

    public void Append(ulong value) => AppendPadded(value, 1);

    /// <summary>Appends a value with leading zeros up to <paramref name="minDigits"/>.</summary>
    public void AppendPadded(ulong value, int minDigits)
    {
        Span<char> digits = stackalloc char[20];
        value.TryFormat(digits, out int count, default, CultureInfo.InvariantCulture);
        for (int i = count; i < minDigits; i++)
            Append('0');
        Append(digits[..count]);
    }
}
