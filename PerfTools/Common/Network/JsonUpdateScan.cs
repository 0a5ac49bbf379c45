using System.Text.Json;

namespace PerfTools.Common.Network;

/// <summary>
/// What one tr_json2 message object says to a consumer that only counts updates and takes their latency
/// (LSEG C ConsPerf's default over JSON): whether it is an update whose payload is a field list and that names no
/// poster, its stream, and its TIM_TRK_1/TIM_TRK_2 values (0 where absent). Anything else is left to the converter.
/// </summary>
public struct JsonUpdateScan
{
    /// <summary>A "Type":"Update" with an "ID", a "Fields" payload (or none) and no PostUserInfo.</summary>
    public bool IsPlainUpdate;
    public int StreamId;
    /// <summary>TIM_TRK_1: the provider's stamp on an update (microseconds).</summary>
    public ulong UpdateStamp;
    /// <summary>TIM_TRK_2: a consumer's stamp on a post, back as an update (microseconds).</summary>
    public ulong PostStamp;

    /// <summary>
    /// Reads the object the reader stands on (its StartObject) through its EndObject, in one pass, allocating
    /// nothing. Malformed JSON throws <see cref="JsonException"/>, as the reader does.
    /// </summary>
    public static JsonUpdateScan Read(ref Utf8JsonReader reader)
    {
        var scan = new JsonUpdateScan();
        bool update = false, hasId = false, plain = true;
        while (reader.Read() && reader.TokenType == JsonTokenType.PropertyName)
        {
            if (reader.ValueTextEquals("Type"u8))
            {
                reader.Read();
                update = reader.TokenType == JsonTokenType.String && reader.ValueTextEquals("Update"u8);
                reader.Skip();
            }
            else if (reader.ValueTextEquals("ID"u8))
            {
                reader.Read();
                hasId = reader.TokenType == JsonTokenType.Number && reader.TryGetInt32(out scan.StreamId);
                reader.Skip();
            }
            else if (reader.ValueTextEquals("Fields"u8))
            {
                reader.Read();
                if (reader.TokenType == JsonTokenType.StartObject)
                    plain &= ReadStamps(ref reader, ref scan);
                else
                {
                    plain = false;
                    reader.Skip();
                }
            }
            else
            {
                // A poster (post latency needs its identity) or another container: the converter's work.
                plain &= !NeedsConverter(ref reader);
                reader.Skip();
            }
        }
        scan.IsPlainUpdate = update && hasId && plain;
        return scan;
    }

    // Inside "Fields": the latency fields by name, every other field skipped. False: a stamp that is not a number.
    private static bool ReadStamps(ref Utf8JsonReader reader, ref JsonUpdateScan scan)
    {
        bool ok = true;
        while (reader.Read() && reader.TokenType == JsonTokenType.PropertyName)
        {
            if (reader.ValueTextEquals("TIM_TRK_1"u8))
                ok &= ReadStamp(ref reader, out scan.UpdateStamp);
            else if (reader.ValueTextEquals("TIM_TRK_2"u8))
                ok &= ReadStamp(ref reader, out scan.PostStamp);
            else
                reader.Skip();
        }
        return ok;
    }

    private static bool ReadStamp(ref Utf8JsonReader reader, out ulong value)
    {
        reader.Read();
        value = 0;
        if (reader.TokenType == JsonTokenType.Null)
            return true; // blank
        bool ok = reader.TokenType == JsonTokenType.Number && reader.TryGetUInt64(out value);
        reader.Skip();
        return ok;
    }

    private static bool NeedsConverter(ref Utf8JsonReader reader) =>
        reader.ValueTextEquals("PostUserInfo"u8) || reader.ValueTextEquals("Map"u8) || reader.ValueTextEquals("ElementList"u8)
        || reader.ValueTextEquals("FilterList"u8) || reader.ValueTextEquals("Series"u8) || reader.ValueTextEquals("Vector"u8)
        || reader.ValueTextEquals("Opaque"u8) || reader.ValueTextEquals("Xml"u8) || reader.ValueTextEquals("Json"u8)
        || reader.ValueTextEquals("AnsiPage"u8);
}
