using System.Globalization;
using Eta.Codec.Rdm;

namespace Eta.Codec;

/// <summary>
/// The "!tag" header values of the dictionary files (also carried in an encoded dictionary's summary data).
/// The first value seen for a tag wins, so loading a second file does not overwrite the first one's tags.
/// </summary>
public sealed class DictionaryTags
{
    /// <summary>DictionaryId shared by every dictionary loaded into the same object (0 when none given).</summary>
    public int DictionaryId { get; private set; }

    public string FieldFilename { get; private set; } = "";
    public string FieldDescription { get; private set; } = "";
    public string FieldVersion { get; private set; } = "";
    public string FieldBuild { get; private set; } = "";
    public string FieldDate { get; private set; } = "";

    public string EnumFilename { get; private set; } = "";
    public string EnumDescription { get; private set; } = "";
    public string EnumRtVersion { get; private set; } = "";
    public string EnumDtVersion { get; private set; } = "";
    public string EnumDate { get; private set; } = "";

    /// <summary>
    /// Applies one tag of a dictionary of <paramref name="kind"/>. Returns the reason when the tag contradicts
    /// the dictionary (wrong Type, DictionaryId different from one already loaded, not a number); unknown tags
    /// are ignored.
    /// </summary>
    internal string? Apply(ulong kind, ReadOnlySpan<char> name, ReadOnlySpan<char> value)
    {
        switch (name)
        {
            case "Type":
                if (!ulong.TryParse(value, NumberStyles.None, CultureInfo.InvariantCulture, out ulong type))
                    return $"Type tag '{value}' is not a number";
                return type == kind ? null
                    : $"Type tag {type} says this is not a {(kind == DictionaryTypes.FieldDefinitions ? "field definitions dictionary" : "set of enum tables")} (expected {kind})";
            case "DictionaryId":
                if (!int.TryParse(value, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out int id))
                    return $"DictionaryId tag '{value}' is not a number";
                return ApplyDictionaryId(id);
        }

        if (kind == DictionaryTypes.FieldDefinitions)
        {
            switch (name)
            {
                case "Filename": FieldFilename = First(FieldFilename, value); break;
                case "Desc": FieldDescription = First(FieldDescription, value); break;
                case "Version": FieldVersion = First(FieldVersion, value); break;
                case "Build": FieldBuild = First(FieldBuild, value); break;
                case "Date": FieldDate = First(FieldDate, value); break;
            }
        }
        else
        {
            switch (name)
            {
                case "Filename": EnumFilename = First(EnumFilename, value); break;
                case "Desc": EnumDescription = First(EnumDescription, value); break;
                case "RT_Version": EnumRtVersion = First(EnumRtVersion, value); break;
                case "DT_Version": EnumDtVersion = First(EnumDtVersion, value); break;
                case "Date": EnumDate = First(EnumDate, value); break;
            }
        }
        return null;
    }

    /// <summary>Records a DictionaryId; a non-zero id different from a non-zero one already seen is an error.</summary>
    internal string? ApplyDictionaryId(long id)
    {
        if (id is < int.MinValue or > int.MaxValue)
            return $"DictionaryId {id} is out of range";
        if (id != 0 && DictionaryId != 0 && id != DictionaryId)
            return $"DictionaryId mismatch ({id} vs. previously loaded {DictionaryId})";
        if (id != 0)
            DictionaryId = (int)id;
        return null;
    }

    private static string First(string current, ReadOnlySpan<char> value) =>
        current.Length > 0 ? current : value.ToString();
}
