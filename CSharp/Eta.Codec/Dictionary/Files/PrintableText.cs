using System.Text;

namespace Eta.Codec;

/// <summary>
/// Makes an error text safe to print: a garbage (e.g. binary) dictionary file puts raw bytes into the problems
/// that quote it, and those must not reach a terminal as control characters. Control and non-ASCII characters
/// become <c>\xNN</c>, and a text longer than <see cref="MaxLength"/> is cut with "...".
/// </summary>
internal static class PrintableText
{
    public const int MaxLength = 300;

    public static string Escape(string text)
    {
        bool clean = text.Length <= MaxLength;
        foreach (char c in text)
        {
            if (!IsPrintable(c))
            {
                clean = false;
                break;
            }
        }
        if (clean)
            return text;

        var result = new StringBuilder(Math.Min(text.Length, MaxLength) + 8);
        foreach (char c in text)
        {
            if (result.Length >= MaxLength)
            {
                result.Append("...");
                break;
            }
            if (IsPrintable(c))
                result.Append(c);
            else
                result.Append(@"\x").Append(((int)c).ToString(c <= 0xFF ? "X2" : "X4", System.Globalization.CultureInfo.InvariantCulture));
        }
        return result.ToString();
    }

    private static bool IsPrintable(char c) => c is >= ' ' and < '\x7F';
}
