using System.Text;

namespace Eta.Codec;

/// <summary>One row of an enum table: a value, its display bytes and its meaning.</summary>
public sealed class EnumType
{
    private readonly byte[] _display;

    internal EnumType(ushort value, byte[] display, string? meaning)
    {
        Value = value;
        _display = display;
        DisplayText = Encoding.Latin1.GetString(display);
        Meaning = meaning;
    }

    /// <summary>The enumerated value.</summary>
    public ushort Value { get; }

    /// <summary>Display bytes exactly as sent on the wire (hex displays such as #DE# are raw bytes).</summary>
    public ReadOnlySpan<byte> Display => _display;

    /// <summary>Display as text, one char per byte (Latin-1), so it round-trips to <see cref="Display"/>.</summary>
    public string DisplayText { get; }

    /// <summary>Description from the MEANING column; null when absent (never sent below VERBOSE).</summary>
    public string? Meaning { get; }

    public override string ToString() => $"{Value} \"{DisplayText}\"";
}
