namespace Eta.Codec;

/// <summary>One decoded element list entry: a view over the received bytes.</summary>
public readonly ref struct ElementEntry
{
    public ElementEntry(ReadOnlySpan<byte> name, int encodedType, ReadOnlySpan<byte> encodedData)
    {
        Name = name;
        EncodedType = encodedType;
        EncodedData = encodedData;
    }

    /// <summary>The element name (ASCII bytes).</summary>
    public ReadOnlySpan<byte> Name { get; }

    /// <summary>The type as carried (may be a set-defined type such as Int2).</summary>
    public int EncodedType { get; }

    /// <summary>The base type to decode the value as.</summary>
    public int DataType => SetPrimitives.ToBaseType(EncodedType);

    public ReadOnlySpan<byte> EncodedData { get; }

    public bool IsBlank => EncodedData.IsEmpty;

    /// <summary>True when the name equals <paramref name="name"/> (e.g. <c>"ApplicationId"u8</c>).</summary>
    public bool NameIs(ReadOnlySpan<byte> name) => Name.SequenceEqual(name);

    /// <summary>Decodes the value as <typeparamref name="T"/> (handles set-defined Real4Rb/Real8Rb).</summary>
    public CodecReturnCode Decode<T>(out T value) where T : struct, IPrimitive<T> =>
        EntryValues.Decode(EncodedType, EncodedData, out value);
}
