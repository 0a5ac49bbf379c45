using System.Text;

namespace Eta.Codec;

/// <summary>
/// RWF Buffer / AsciiString / Utf8String / RmtesString: the bytes themselves, length given by the container;
/// blank is zero bytes. A ref struct over a slice of the input (decoding copies nothing). Named RwfBuffer so it does
/// not collide with <see cref="System.Buffer"/>.
/// </summary>
public readonly ref struct RwfBuffer
{
    public RwfBuffer(ReadOnlySpan<byte> data, int dataType = DataTypes.Buffer)
    {
        Data = data;
        DataType = dataType;
    }

    public ReadOnlySpan<byte> Data { get; }

    /// <summary>Buffer, AsciiString, Utf8String or RmtesString.</summary>
    public int DataType { get; }

    public bool IsBlank => Data.IsEmpty;

    /// <summary>True for the four byte-string types.</summary>
    public static bool IsBufferType(int dataType) =>
        dataType is DataTypes.Buffer or DataTypes.AsciiString or DataTypes.Utf8String or DataTypes.RmtesString;

    public CodecReturnCode EncodeBody(ref RwfWriter writer) => writer.WriteBytes(Data);

    /// <summary>Wraps value bytes; returns BlankData when empty.</summary>
    public static CodecReturnCode Decode(ReadOnlySpan<byte> data, int dataType, out RwfBuffer value)
    {
        value = new RwfBuffer(data, dataType);
        return data.IsEmpty ? CodecReturnCode.BlankData : CodecReturnCode.Success;
    }

    /// <summary>
    /// The text: UTF-8 for Utf8String, Latin-1 (byte = char) otherwise. RMTES escape sequences are not
    /// interpreted (plain ASCII RMTES, as the performance tools send, reads correctly).
    /// </summary>
    public override string ToString() =>
        DataType == DataTypes.Utf8String ? Encoding.UTF8.GetString(Data) : Encoding.Latin1.GetString(Data);
}
