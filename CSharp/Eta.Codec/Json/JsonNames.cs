using System.Text.Json;

namespace Eta.Codec.Json;

/// <summary>
/// The member names of LSEG's simplified JSON message model (tr_json2 / rssl.json.v2), pre-encoded once for
/// <see cref="Utf8JsonWriter"/> and as UTF-8 for matching what <see cref="Utf8JsonReader"/> reads.
/// Source: LSEG's Websocket API and the RTSDK converter's key table (Cpp-C/Eta/Impl/Converter jsonSimpleDefs.h).
/// </summary>
internal static class JsonNames
{
    public static readonly JsonEncodedText Id = JsonEncodedText.Encode("ID");
    public static readonly JsonEncodedText Type = JsonEncodedText.Encode("Type");
    public static readonly JsonEncodedText Domain = JsonEncodedText.Encode("Domain");
    public static readonly JsonEncodedText ExtHdr = JsonEncodedText.Encode("ExtHdr");
    public static readonly JsonEncodedText Key = JsonEncodedText.Encode("Key");
    public static readonly JsonEncodedText ReqKey = JsonEncodedText.Encode("ReqKey");
    public static readonly JsonEncodedText Name = JsonEncodedText.Encode("Name");
    public static readonly JsonEncodedText NameType = JsonEncodedText.Encode("NameType");
    public static readonly JsonEncodedText Filter = JsonEncodedText.Encode("Filter");
    public static readonly JsonEncodedText Identifier = JsonEncodedText.Encode("Identifier");
    public static readonly JsonEncodedText Service = JsonEncodedText.Encode("Service");
    public static readonly JsonEncodedText Elements = JsonEncodedText.Encode("Elements");
    public static readonly JsonEncodedText Fields = JsonEncodedText.Encode("Fields");
    public static readonly JsonEncodedText FilterList = JsonEncodedText.Encode("FilterList");
    public static readonly JsonEncodedText Map = JsonEncodedText.Encode("Map");
    public static readonly JsonEncodedText Opaque = JsonEncodedText.Encode("Opaque");
    public static readonly JsonEncodedText Message = JsonEncodedText.Encode("Message");
    public static readonly JsonEncodedText View = JsonEncodedText.Encode("View");
    public static readonly JsonEncodedText ViewType = JsonEncodedText.Encode("ViewType");
    public static readonly JsonEncodedText NameList = JsonEncodedText.Encode("NameList");
    public static readonly JsonEncodedText Private = JsonEncodedText.Encode("Private");
    public static readonly JsonEncodedText Streaming = JsonEncodedText.Encode("Streaming");
    public static readonly JsonEncodedText Pause = JsonEncodedText.Encode("Pause");
    public static readonly JsonEncodedText Refresh = JsonEncodedText.Encode("Refresh");
    public static readonly JsonEncodedText KeyInUpdates = JsonEncodedText.Encode("KeyInUpdates");
    public static readonly JsonEncodedText ConfInfoInUpdates = JsonEncodedText.Encode("ConfInfoInUpdates");
    public static readonly JsonEncodedText Qualified = JsonEncodedText.Encode("Qualified");
    public static readonly JsonEncodedText Complete = JsonEncodedText.Encode("Complete");
    public static readonly JsonEncodedText DoNotCache = JsonEncodedText.Encode("DoNotCache");
    public static readonly JsonEncodedText PostUserInfo = JsonEncodedText.Encode("PostUserInfo");
    public static readonly JsonEncodedText Address = JsonEncodedText.Encode("Address");
    public static readonly JsonEncodedText UserId = JsonEncodedText.Encode("UserID");
    public static readonly JsonEncodedText PartNumber = JsonEncodedText.Encode("PartNumber");
    public static readonly JsonEncodedText ClearCache = JsonEncodedText.Encode("ClearCache");
    public static readonly JsonEncodedText UpdateType = JsonEncodedText.Encode("UpdateType");
    public static readonly JsonEncodedText DoNotConflate = JsonEncodedText.Encode("DoNotConflate");
    public static readonly JsonEncodedText DoNotRipple = JsonEncodedText.Encode("DoNotRipple");
    public static readonly JsonEncodedText Discardable = JsonEncodedText.Encode("Discardable");
    public static readonly JsonEncodedText PermData = JsonEncodedText.Encode("PermData");
    public static readonly JsonEncodedText SeqNumber = JsonEncodedText.Encode("SeqNumber");
    public static readonly JsonEncodedText SecSeqNumber = JsonEncodedText.Encode("SecSeqNumber");
    public static readonly JsonEncodedText ConflationInfo = JsonEncodedText.Encode("ConflationInfo");
    public static readonly JsonEncodedText Qos = JsonEncodedText.Encode("Qos");
    public static readonly JsonEncodedText WorstQos = JsonEncodedText.Encode("WorstQos");
    public static readonly JsonEncodedText Timeliness = JsonEncodedText.Encode("Timeliness");
    public static readonly JsonEncodedText Rate = JsonEncodedText.Encode("Rate");
    public static readonly JsonEncodedText Dynamic = JsonEncodedText.Encode("Dynamic");
    public static readonly JsonEncodedText TimeInfo = JsonEncodedText.Encode("TimeInfo");
    public static readonly JsonEncodedText RateInfo = JsonEncodedText.Encode("RateInfo");
    public static readonly JsonEncodedText Priority = JsonEncodedText.Encode("Priority");
    public static readonly JsonEncodedText Class = JsonEncodedText.Encode("Class");
    public static readonly JsonEncodedText Count = JsonEncodedText.Encode("Count");
    public static readonly JsonEncodedText Time = JsonEncodedText.Encode("Time");
    public static readonly JsonEncodedText State = JsonEncodedText.Encode("State");
    public static readonly JsonEncodedText Stream = JsonEncodedText.Encode("Stream");
    public static readonly JsonEncodedText Data = JsonEncodedText.Encode("Data");
    public static readonly JsonEncodedText Code = JsonEncodedText.Encode("Code");
    public static readonly JsonEncodedText Text = JsonEncodedText.Encode("Text");
    public static readonly JsonEncodedText Entries = JsonEncodedText.Encode("Entries");
    public static readonly JsonEncodedText CountHint = JsonEncodedText.Encode("CountHint");
    public static readonly JsonEncodedText Action = JsonEncodedText.Encode("Action");
    public static readonly JsonEncodedText Summary = JsonEncodedText.Encode("Summary");
    public static readonly JsonEncodedText KeyType = JsonEncodedText.Encode("KeyType");
    public static readonly JsonEncodedText KeyFieldId = JsonEncodedText.Encode("KeyFieldID");
    public static readonly JsonEncodedText Ack = JsonEncodedText.Encode("Ack");
    public static readonly JsonEncodedText PostUserRights = JsonEncodedText.Encode("PostUserRights");
    public static readonly JsonEncodedText Solicited = JsonEncodedText.Encode("Solicited");
    public static readonly JsonEncodedText PostId = JsonEncodedText.Encode("PostID");
    public static readonly JsonEncodedText AckId = JsonEncodedText.Encode("AckID");
    public static readonly JsonEncodedText NakCode = JsonEncodedText.Encode("NakCode");
}
