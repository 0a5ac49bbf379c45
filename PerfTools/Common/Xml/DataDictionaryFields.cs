using Eta.Codec;

namespace PerfTools.Common.Xml;

/// <summary>Adapts codec-dict's <see cref="DataDictionary"/> to what the loader needs.</summary>
internal sealed class DataDictionaryFields(DataDictionary dictionary) : IFieldDefinitions
{
    public bool TryGetField(short fieldId, out int rwfType, out string acronym)
    {
        DictionaryEntry? entry = dictionary.Entry(fieldId);
        if (entry is null || !entry.IsDefined)
        {
            rwfType = DataTypes.Unknown;
            acronym = "";
            return false;
        }
        rwfType = entry.RwfType;
        acronym = entry.Acronym;
        return true;
    }
}
