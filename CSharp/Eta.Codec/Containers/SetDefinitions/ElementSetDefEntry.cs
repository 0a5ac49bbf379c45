namespace Eta.Codec;

/// <summary>
/// One element of an element list set definition. The name lives in the owning
/// <see cref="LocalElementSetDefDb"/> (see <see cref="LocalElementSetDefDb.Name"/>).
/// </summary>
public readonly record struct ElementSetDefEntry(int NameOffset, int NameLength, int DataType);
