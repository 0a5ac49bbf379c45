using System.Globalization;

namespace Eta.Codec;

/// <summary>Small non-throwing number parsing shared by the primitives' string forms.</summary>
internal static class TextNumbers
{
    /// <summary>Parses plain decimal digits (no sign) into an int.</summary>
    public static bool TryParseInt(ReadOnlySpan<char> text, out int value) =>
        int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out value);
}
