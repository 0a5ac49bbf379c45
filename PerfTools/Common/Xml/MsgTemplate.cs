using Eta.Codec;

namespace PerfTools.Common.Xml;

/// <summary>
/// One refresh, update, post or generic message of the message data file: the fields of its payload, plus all
/// of them already encoded back to back as field list entries (<see cref="EncodedEntries"/>), so encoding a
/// message copies one block instead of encoding each field.
/// <code>
/// per entry:  i16 fieldId | u16ob length | value bytes      (a blank value has length 0)
/// </code>
/// </summary>
public sealed class MsgTemplate
{
    private readonly FieldTemplate[] _fields;
    private readonly byte[] _encodedEntries;

    internal MsgTemplate(MsgTemplateKind kind, int line, FieldTemplate[] fields)
    {
        Kind = kind;
        Line = line;
        _fields = fields;
        _encodedEntries = EncodeEntries(fields);
        FieldCount = fields.Length;
    }

    public MsgTemplateKind Kind { get; }

    /// <summary>1-based line of the message element in the file.</summary>
    public int Line { get; }

    /// <summary>The payload's field entries, in file order.</summary>
    public IReadOnlyList<FieldTemplate> Fields => _fields;

    /// <summary>Number of field entries (kept here: every update's encoding reads it, and the field array is otherwise cold).</summary>
    public int FieldCount { get; }

    /// <summary>Every field entry in its wire form, in file order.</summary>
    public ReadOnlySpan<byte> EncodedEntries => _encodedEntries;

    private static byte[] EncodeEntries(FieldTemplate[] fields)
    {
        int bound = 0;
        foreach (FieldTemplate field in fields)
            bound += 2 + 3 + field.EncodedValue.Length;
        var buffer = new byte[bound];
        var writer = new RwfWriter(buffer);
        foreach (FieldTemplate field in fields)
        {
            if (writer.WriteInt16(field.FieldId) != CodecReturnCode.Success
                || writer.WriteBuffer16(field.EncodedValue.Span) != CodecReturnCode.Success)
                throw new InvalidOperationException("field entries outgrew their computed bound");
        }
        return writer.Written.ToArray();
    }
}
