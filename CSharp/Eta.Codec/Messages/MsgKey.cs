namespace Eta.Codec;

/// <summary>
/// The key identifying a stream: service, name, filter, identifier and an optional attribute container.
/// A ref struct so the name and attribute can be slices of a received buffer (decoding) or of the caller's
/// memory (encoding) without copies.
/// <code>
/// u15rb  flags (MsgKeyFlags)
/// u16ob  serviceId                 if HasServiceId
/// u8+n   name (length, bytes)      if HasName
/// u8     nameType                  if HasName and HasNameType
/// u32    filter                    if HasFilter
/// i32    identifier                if HasIdentifier
/// u8     attribContainerType - 128 if HasAttrib
/// u15rb+n attribute (length, bytes) if HasAttrib and the container type is not NoData
/// </code>
/// </summary>
public ref struct MsgKey
{
    public MsgKeyFlags Flags;

    /// <summary>Service id (0..65535).</summary>
    public int ServiceId;

    /// <summary>Item or user name, at most 255 bytes.</summary>
    public ReadOnlySpan<byte> Name;

    /// <summary>How to interpret the name (e.g. RIC = 1, see InstrumentNameTypes / login user name types).</summary>
    public byte NameType;

    /// <summary>Filter: which filter entries are wanted (e.g. directory filter ids, dictionary verbosity).</summary>
    public uint Filter;

    /// <summary>User-defined numeric identifier.</summary>
    public int Identifier;

    /// <summary>Container type of the attribute (a DataTypes value ≥ 128).</summary>
    public int AttribContainerType;

    /// <summary>The attribute, already encoded (empty when the attribute is to be encoded in place).</summary>
    public ReadOnlySpan<byte> EncodedAttrib;

    public readonly bool HasServiceId => (Flags & MsgKeyFlags.HasServiceId) != 0;
    public readonly bool HasName => (Flags & MsgKeyFlags.HasName) != 0;
    public readonly bool HasNameType => (Flags & MsgKeyFlags.HasNameType) != 0;
    public readonly bool HasFilter => (Flags & MsgKeyFlags.HasFilter) != 0;
    public readonly bool HasIdentifier => (Flags & MsgKeyFlags.HasIdentifier) != 0;
    public readonly bool HasAttrib => (Flags & MsgKeyFlags.HasAttrib) != 0;
}
