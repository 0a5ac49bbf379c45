namespace Eta.Codec;

/// <summary>
/// RDM dictionary types: the "Type" tag of a dictionary file and the "Type" element of an encoded dictionary's
/// summary data.
/// </summary>
public enum DictionaryType
{
    FieldDefinitions = 1,
    EnumTables = 2,
    RecordTemplates = 3,
    DisplayTemplates = 4,
    DataDefinitions = 5,
    StyleSheet = 6,
    Reference = 7,
    FieldSetDefinition = 8,
}
