namespace PerfTools.Common.Xml;

/// <summary>The one thing the loader needs from a field dictionary: a field's RWF type and name.</summary>
internal interface IFieldDefinitions
{
    /// <summary>False when the dictionary does not define <paramref name="fieldId"/>.</summary>
    bool TryGetField(short fieldId, out int rwfType, out string acronym);
}
