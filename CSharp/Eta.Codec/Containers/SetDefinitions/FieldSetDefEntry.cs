namespace Eta.Codec;

/// <summary>One field of a field list set definition: which field, and its (usually set-defined) type.</summary>
public readonly record struct FieldSetDefEntry(int FieldId, int DataType);
