using Eta.Codec;
using PerfTools.Common.Omm;

namespace PerfTools.ConsPerf.Protocol;

/// <summary>
/// Decodes a MarketPrice payload in full, as a consumer application would: every field list entry is decoded as the
/// type the dictionary gives its field, and the latency fields (TIM_TRK_1/2/3, UINT microseconds) are picked out.
/// Allocates nothing.
/// </summary>
internal sealed class PayloadDecoder
{
    private readonly DataDictionary _dictionary;

    public PayloadDecoder(DataDictionary dictionary) => _dictionary = dictionary;

    /// <summary>False when the payload is not a well-formed field list (or a type is wrong for its field).</summary>
    public bool Decode(int containerType, ReadOnlySpan<byte> payload, out LatencyStamps stamps)
    {
        stamps = default;
        if (containerType == DataTypes.NoData)
            return true;
        if (containerType != DataTypes.FieldList)
            return false;
        CodecReturnCode rc = FieldListDecoder.Decode(payload, out FieldListDecoder fields);
        if (rc == CodecReturnCode.NoData)
            return true;
        if (rc != CodecReturnCode.Success)
            return false;
        while ((rc = fields.Next(out FieldEntry entry)) == CodecReturnCode.Success)
        {
            switch (entry.FieldId)
            {
                case LatencyFieldIds.Update:
                    if (!DecodeStamp(entry, out stamps.Update))
                        return false;
                    break;
                case LatencyFieldIds.Post:
                    if (!DecodeStamp(entry, out stamps.Post))
                        return false;
                    break;
                case LatencyFieldIds.Generic:
                    if (!DecodeStamp(entry, out stamps.GenMsg))
                        return false;
                    break;
                default:
                    if (!DecodeValue(entry))
                        return false;
                    break;
            }
        }
        return rc == CodecReturnCode.EndOfContainer;
    }

    private static bool DecodeStamp(in FieldEntry entry, out ulong micros)
    {
        micros = 0;
        if (UInt.Decode(entry.EncodedData, out UInt value) != CodecReturnCode.Success)
            return false;
        micros = value.Value;
        return true;
    }

    private bool DecodeValue(in FieldEntry entry)
    {
        if (entry.IsBlank)
            return true;
        int type = entry.DataType != DataTypes.Unknown ? entry.DataType : _dictionary.Entry(entry.FieldId)?.RwfType ?? DataTypes.Unknown;
        CodecReturnCode rc = type switch
        {
            DataTypes.UInt => UInt.Decode(entry.EncodedData, out _),
            DataTypes.Int => Int.Decode(entry.EncodedData, out _),
            DataTypes.Real => entry.Decode<Real>(out _),
            DataTypes.Date => Date.Decode(entry.EncodedData, out _),
            DataTypes.Time => Time.Decode(entry.EncodedData, out _),
            DataTypes.DateTime => RwfDateTime.Decode(entry.EncodedData, out _),
            DataTypes.Enum => RwfEnum.Decode(entry.EncodedData, out _),
            DataTypes.Float => Float.Decode(entry.EncodedData, out _),
            DataTypes.Double => RwfDouble.Decode(entry.EncodedData, out _),
            // Strings and buffers are their bytes; a field unknown to the dictionary is left as bytes too.
            _ => CodecReturnCode.Success,
        };
        return rc == CodecReturnCode.Success;
    }
}
