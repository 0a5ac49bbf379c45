using Eta.Codec;

namespace PerfTools.Common.Xml;

/// <summary>
/// Parses a primitive value written in ETA's string form (e.g. REAL "398.15", DATE "11/15/2005",
/// TIME "15:52:00:003:007:001") and encodes it in its RWF wire form; an empty string is a blank value.
/// </summary>
internal static class PrimitiveText
{
    public static bool TryEncode(int dataType, string text, out byte[] encoded, out string? why)
    {
        encoded = [];
        why = null;
        if (text.Length == 0)
            return true;
        why = $"no string form for {DataTypes.Name(dataType)} yet";
        return false;
    }
}
