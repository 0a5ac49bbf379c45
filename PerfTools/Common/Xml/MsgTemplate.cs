namespace PerfTools.Common.Xml;

/// <summary>One refresh, update, post or generic message of the message data file: the fields of its payload.</summary>
public sealed class MsgTemplate
{
    internal MsgTemplate(MsgTemplateKind kind, int line, FieldTemplate[] fields)
    {
        Kind = kind;
        Line = line;
        Fields = fields;
        int length = 0;
        foreach (FieldTemplate field in fields)
            length += MaxEntryOverhead + field.EncodedValue.Length;
        MaxEncodedFieldsLength = length;
    }

    /// <summary>Field id (2) + longest u16ob length prefix (3).</summary>
    internal const int MaxEntryOverhead = 5;

    public MsgTemplateKind Kind { get; }

    /// <summary>1-based line of the message element in the file.</summary>
    public int Line { get; }

    /// <summary>The payload's field entries, in file order.</summary>
    public IReadOnlyList<FieldTemplate> Fields { get; }

    /// <summary>Upper bound of the encoded size of all field entries (without the field list header).</summary>
    public int MaxEncodedFieldsLength { get; }

    internal FieldTemplate[] FieldArray => (FieldTemplate[])Fields;
}
