using System.Globalization;
using Eta.Codec;

namespace PerfTools.Common.Xml;

/// <summary>
/// Turns the attributes of one <c>&lt;fieldEntry&gt;</c> into a <see cref="FieldTemplate"/>: the field id must be
/// in the dictionary, the declared type must be the dictionary's RWF type for it, and the value must parse in
/// ETA's string form for that type. Every failure names the file, line and field.
/// </summary>
internal sealed class FieldTemplateBuilder
{
    /// <summary>The longest value a field entry's length (u16ob) can say.</summary>
    internal const int MaxEntryValueBytes = ushort.MaxValue;

    private readonly IFieldDefinitions _dictionary;

    public FieldTemplateBuilder(IFieldDefinitions dictionary) => _dictionary = dictionary;

    public FieldTemplate Build(string path, int line, string? fieldIdText, string? dataTypeText, string? data)
    {
        if (fieldIdText is null)
            throw new MsgDataException(path, line, null, "<fieldEntry> has no fieldId attribute");
        if (!short.TryParse(fieldIdText, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out short fieldId) || fieldId == 0)
            throw new MsgDataException(path, line, null, $"fieldId=\"{fieldIdText}\" is not a field id (a non-zero 16-bit number)");
        if (dataTypeText is null)
            throw new MsgDataException(path, line, fieldId, "<fieldEntry> has no dataType attribute");
        if (!RsslDataTypeNames.TryParse(dataTypeText, out int dataType))
            throw new MsgDataException(path, line, fieldId, $"dataType=\"{dataTypeText}\" is not a primitive type name such as RSSL_DT_REAL");
        if (data is null)
            throw new MsgDataException(path, line, fieldId, "<fieldEntry> has no data attribute");
        if (!_dictionary.TryGetField(fieldId, out int rwfType, out string acronym))
            throw new MsgDataException(path, line, fieldId, "the field id is not defined in the field dictionary");
        if (rwfType != dataType)
            throw new MsgDataException(path, line, fieldId,
                $"dataType {dataTypeText} does not match the dictionary's type {DataTypes.Name(rwfType)} for {acronym}");
        if (!PrimitiveText.TryEncode(dataType, data, out byte[] encoded, out string? why))
            throw new MsgDataException(path, line, fieldId, $"data=\"{data}\" is not a valid {DataTypes.Name(dataType)} value ({why})");
        if (encoded.Length > MaxEntryValueBytes)
            throw new MsgDataException(path, line, fieldId,
                $"the value is {encoded.Length} bytes encoded; a field entry holds at most {MaxEntryValueBytes}");
        return new FieldTemplate(fieldId, dataType, data, line, encoded);
    }
}
