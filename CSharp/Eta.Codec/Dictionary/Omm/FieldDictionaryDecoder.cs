using Eta.Codec.Rdm;
using System.Text;

namespace Eta.Codec;

/// <summary>
/// Adds the fields of one received field dictionary refresh (see <see cref="FieldDictionaryEncoder"/> for the
/// layout) to a <see cref="DataDictionary"/>. Call once per part, in order.
/// </summary>
internal sealed class FieldDictionaryDecoder : IDictionaryEntryReader
{
    private readonly DataDictionary _dictionary;
    private readonly DictionaryVerbosity _verbosity;

    private FieldDictionaryDecoder(DataDictionary dictionary, DictionaryVerbosity verbosity) =>
        (_dictionary, _verbosity) = (dictionary, verbosity);

    public static DictionaryError? Decode(DataDictionary dictionary, ReadOnlySpan<byte> payload, DictionaryVerbosity verbosity) =>
        DictionaryPayload.ReadAll(payload, DictionaryTypes.FieldDefinitions, dictionary, "field dictionary payload",
            new FieldDictionaryDecoder(dictionary, verbosity));

    public string? ReadEntry(ref ElementListDecoder elements)
    {
        CodecReturnCode rc;
        long fid = long.MinValue, rippleTo = 0, fieldType = 0, length = 0, rwfType = 0, rwfLength = 0, enumLength = 0;
        string name = "", longName = "";
        while ((rc = elements.Next(out var element)) == CodecReturnCode.Success)
        {
            bool ok = true;
            if (element.NameIs(DictionaryElementNames.Name))
                ok = TryText(element, out name);
            else if (element.NameIs(DictionaryElementNames.Fid))
                ok = DictionaryValues.TryInteger(element, DataDictionary.MinFieldId, DataDictionary.MaxFieldId, out fid);
            else if (element.NameIs(DictionaryElementNames.RippleTo))
                ok = DictionaryValues.TryInteger(element, DataDictionary.MinFieldId, DataDictionary.MaxFieldId, out rippleTo);
            else if (element.NameIs(DictionaryElementNames.FieldType))
                ok = DictionaryValues.TryInteger(element, sbyte.MinValue, sbyte.MaxValue, out fieldType);
            else if (element.NameIs(DictionaryElementNames.Length))
                ok = DictionaryValues.TryInteger(element, 0, ushort.MaxValue, out length);
            else if (element.NameIs(DictionaryElementNames.RwfType))
                ok = DictionaryValues.TryInteger(element, 0, byte.MaxValue, out rwfType);
            else if (element.NameIs(DictionaryElementNames.RwfLength))
                ok = DictionaryValues.TryInteger(element, 0, ushort.MaxValue, out rwfLength);
            else if (_verbosity >= DictionaryVerbosity.Normal && element.NameIs(DictionaryElementNames.EnumLength))
                ok = DictionaryValues.TryInteger(element, 0, byte.MaxValue, out enumLength);
            else if (_verbosity >= DictionaryVerbosity.Normal && element.NameIs(DictionaryElementNames.LongName))
                ok = TryText(element, out longName);
            if (!ok)
                return $"element \"{Encoding.Latin1.GetString(element.Name)}\" has a wrong type or an out-of-range value";
        }
        if (rc != CodecReturnCode.EndOfContainer)
            return $"element list cannot be decoded: {rc}";
        if (fid == long.MinValue)
            return "no FID element";

        var entry = new DictionaryEntry((short)fid)
        {
            Acronym = name,
            DdeAcronym = longName,
            RippleToField = (short)rippleTo,
            FieldType = (MfFieldType)fieldType,
            Length = (ushort)length,
            EnumLength = (byte)enumLength,
            // Set-defined type numbers (e.g. INT_2) are stored as their base type, as LSEG decoders do.
            RwfType = SetPrimitives.ToBaseType((int)rwfType),
            RwfLength = (ushort)rwfLength,
        };
        return _dictionary.AddField(entry);
    }

    private static bool TryText(in ElementEntry element, out string text)
    {
        text = DictionaryValues.IsText(element.DataType) ? Encoding.Latin1.GetString(element.EncodedData) : "";
        return DictionaryValues.IsText(element.DataType);
    }
}
