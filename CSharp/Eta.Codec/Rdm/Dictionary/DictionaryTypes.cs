namespace Eta.Codec.Rdm;

/// <summary>The "Type" element of a dictionary refresh's summary.</summary>
public static class DictionaryTypes
{
    public const ulong FieldDefinitions = 1;
    public const ulong EnumTables = 2;
    public const ulong RecordTemplates = 3;
    public const ulong DisplayTemplates = 4;
    public const ulong DataDefinitions = 5;
    public const ulong StyleSheet = 6;
    public const ulong Reference = 7;
}
