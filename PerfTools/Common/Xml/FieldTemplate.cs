namespace PerfTools.Common.Xml;

/// <summary>
/// One <c>&lt;fieldEntry&gt;</c> of the message data file, validated against the dictionary and pre-encoded:
/// <see cref="EncodedValue"/> is the primitive's RWF wire form (without the entry's length prefix), so the hot
/// path only copies bytes. An empty <see cref="EncodedValue"/> is a blank value.
/// </summary>
public sealed class FieldTemplate
{
    internal FieldTemplate(short fieldId, int dataType, string text, int line, byte[] encodedValue)
    {
        FieldId = fieldId;
        DataType = dataType;
        Text = text;
        Line = line;
        EncodedValue = encodedValue;
    }

    public short FieldId { get; }

    /// <summary>A <see cref="Eta.Codec.DataTypes"/> primitive number (it matches the dictionary's RWF type).</summary>
    public int DataType { get; }

    /// <summary>The <c>data</c> attribute as written in the file.</summary>
    public string Text { get; }

    /// <summary>1-based line of the entry in the file.</summary>
    public int Line { get; }

    /// <summary>The value's RWF encoding, ready to be written after the field id.</summary>
    public ReadOnlyMemory<byte> EncodedValue { get; }
}
