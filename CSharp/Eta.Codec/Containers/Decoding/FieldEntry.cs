using System.Runtime.CompilerServices;

namespace Eta.Codec;

/// <summary>
/// One decoded field list entry: a view over the received bytes. Standard entries do not carry their type
/// (<see cref="DataType"/> is Unknown: look the field up in the dictionary); set-defined entries do.
/// </summary>
public readonly ref struct FieldEntry
{
    public FieldEntry(int fieldId, int encodedType, ReadOnlySpan<byte> encodedData)
    {
        FieldId = fieldId;
        EncodedType = encodedType;
        EncodedData = encodedData;
    }

    public int FieldId { get; }

    /// <summary>The type as carried (a set-defined type such as Real4Rb, or Unknown for standard entries).</summary>
    public int EncodedType { get; }

    /// <summary>The base type to decode the value as (Real for Real4Rb), or Unknown for standard entries.</summary>
    public int DataType => SetPrimitives.ToBaseType(EncodedType);

    /// <summary>The value bytes (a primitive's value, or a nested container to decode with its decoder).</summary>
    public ReadOnlySpan<byte> EncodedData { get; }

    /// <summary>True when the value is zero bytes (blank for every primitive type).</summary>
    public bool IsBlank => EncodedData.IsEmpty;

    /// <summary>Decodes the value as <typeparamref name="T"/> (handles set-defined Real4Rb/Real8Rb).</summary>
    public CodecReturnCode Decode<T>(out T value) where T : struct, IPrimitive<T> =>
        EntryValues.Decode(EncodedType, EncodedData, out value);
}

/// <summary>Decoding of entry values, shared by field and element entries.</summary>
internal static class EntryValues
{
    public static CodecReturnCode Decode<T>(int encodedType, ReadOnlySpan<byte> data, out T value)
        where T : struct, IPrimitive<T>
    {
        if (encodedType is DataTypes.Real4Rb or DataTypes.Real8Rb)
        {
            value = default;
            if (typeof(T) != typeof(Real))
                return CodecReturnCode.UnsupportedDataType;
            CodecReturnCode rc = SetPrimitives.DecodeRealRb(data, out Real real);
            value = Unsafe.As<Real, T>(ref real);
            return rc;
        }
        return T.Decode(data, out value);
    }
}
