namespace Eta.Codec.Rdm;

/// <summary>The dictionary names LSEG services provide and use (key names of dictionary requests).</summary>
public static class DictionaryNames
{
    /// <summary>The field dictionary (RDMFieldDictionary).</summary>
    public const string Field = "RWFFld";

    /// <summary>The enumerated types dictionary (enumtype.def).</summary>
    public const string EnumType = "RWFEnum";
}
