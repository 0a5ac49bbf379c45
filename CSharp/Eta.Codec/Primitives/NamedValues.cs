namespace Eta.Codec;

/// <summary>Looks up the display names of small enumerations (stream state, qos rate, ...).</summary>
internal static class NamedValues
{
    public static string Name(string[] names, int value) => value < names.Length ? names[value] : value.ToString();

    /// <summary>Index of <paramref name="name"/> (case-insensitive) or -1.</summary>
    public static int IndexOf(string[] names, ReadOnlySpan<char> name)
    {
        for (int i = 0; i < names.Length; i++)
        {
            if (name.Equals(names[i], StringComparison.OrdinalIgnoreCase))
                return i;
        }
        return -1;
    }
}
