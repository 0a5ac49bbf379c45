using System.Text;
using System.Text.Json;

namespace Eta.Codec.Json;

/// <summary>
/// One enumeration of LSEG's JSON model (message classes, domains, stream states, ...): value → pre-encoded name for
/// writing, UTF-8 name → value for reading. Built once; lookups allocate nothing.
/// </summary>
internal sealed class OmmNameTable
{
    private readonly JsonEncodedText?[] _byValue;
    private readonly byte[][] _names;
    private readonly int[] _values;

    public OmmNameTable(params (int Value, string Name)[] entries)
    {
        int max = entries.Max(e => e.Value);
        _byValue = new JsonEncodedText?[max + 1];
        _names = new byte[entries.Length][];
        _values = new int[entries.Length];
        for (int i = 0; i < entries.Length; i++)
        {
            _byValue[entries[i].Value] = JsonEncodedText.Encode(entries[i].Name);
            _names[i] = Encoding.UTF8.GetBytes(entries[i].Name);
            _values[i] = entries[i].Value;
        }
    }

    /// <summary>The value's name, or null when the value has none (LSEG's converter then writes the number).</summary>
    public JsonEncodedText? NameOf(int value) => (uint)value < (uint)_byValue.Length ? _byValue[value] : null;

    /// <summary>Writes the value's name as a string, or the number when it has no name.</summary>
    public void Write(Utf8JsonWriter writer, JsonEncodedText property, int value)
    {
        if (NameOf(value) is { } name)
            writer.WriteString(property, name);
        else
            writer.WriteNumber(property, value);
    }

    public void WriteValue(Utf8JsonWriter writer, int value)
    {
        if (NameOf(value) is { } name)
            writer.WriteStringValue(name);
        else
            writer.WriteNumberValue(value);
    }

    public bool TryFind(ReadOnlySpan<byte> utf8Name, out int value)
    {
        for (int i = 0; i < _names.Length; i++)
        {
            if (utf8Name.SequenceEqual(_names[i]))
            {
                value = _values[i];
                return true;
            }
        }
        value = 0;
        return false;
    }
}

/// <summary>
/// The name tables of LSEG's JSON model. Names and values: RTSDK 2.1.2 Cpp-C/Eta/Include (RSSL_OMMSTR_* and
/// RDM_OMMSTR_* string constants, e.g. rsslMsgBase.h, rsslDataTypeEnums.h, rsslState.h, rsslQos.h, rsslRDM.h).
/// </summary>
internal static class OmmNames
{
    public static readonly OmmNameTable MsgClasses = new(
        ((int)MsgClass.Request, "Request"), ((int)MsgClass.Refresh, "Refresh"), ((int)MsgClass.Status, "Status"),
        ((int)MsgClass.Update, "Update"), ((int)MsgClass.Close, "Close"), ((int)MsgClass.Ack, "Ack"),
        ((int)MsgClass.Generic, "Generic"), ((int)MsgClass.Post, "Post"));

    public static readonly OmmNameTable Domains = new(
        (1, "Login"), (4, "Source"), (5, "Dictionary"), (6, "MarketPrice"), (7, "MarketByOrder"),
        (8, "MarketByPrice"), (9, "MarketMaker"), (10, "SymbolList"), (11, "ServiceProviderStatus"), (12, "History"),
        (13, "Headline"), (14, "Story"), (15, "ReplayHeadline"), (16, "ReplayStory"), (17, "Transaction"),
        (22, "YieldCurve"), (27, "Contribution"), (29, "ProviderAdmin"), (30, "Analytics"), (31, "Reference"),
        (33, "NewsTextAnalytics"), (34, "EconomicIndicator"), (35, "Poll"), (36, "Forecast"), (37, "MarketByTime"),
        (127, "System"));

    public static readonly OmmNameTable StreamStates = new(
        (0, "Unspecified"), (1, "Open"), (2, "NonStreaming"), (3, "ClosedRecover"), (4, "Closed"), (5, "Redirected"));

    public static readonly OmmNameTable DataStates = new((0, "NoChange"), (1, "Ok"), (2, "Suspect"));

    public static readonly OmmNameTable StateCodes = new(
        (0, "None"), (1, "NotFound"), (2, "Timeout"), (3, "NotEntitled"), (4, "InvalidArgument"), (5, "UsageError"),
        (6, "Preempted"), (7, "JitConflationStarted"), (8, "RealtimeResumed"), (9, "FailoverStarted"),
        (10, "FailoverCompleted"), (11, "GapDetected"), (12, "NoResources"), (13, "TooManyItems"),
        (14, "AlreadyOpen"), (15, "SourceUnknown"), (16, "NotOpen"), (19, "NonUpdatingItem"),
        (20, "UnsupportedViewType"), (21, "InvalidView"), (22, "FullViewProvided"), (23, "UnableToRequestAsBatch"),
        (26, "NoBatchViewSupportInReq"), (27, "ExceededMaxMountsPerUser"), (28, "Error"), (29, "DacsDown"),
        (30, "UserUnknownToPermSys"), (31, "MaxLoginsReached"), (32, "UserAccessToAppDenied"), (34, "GapFill"),
        (35, "AppAuthorizationFailed"));

    public static readonly OmmNameTable Timeliness = new(
        (0, "Unspecified"), (1, "Realtime"), (2, "DelayedUnknown"), (3, "Delayed"));

    public static readonly OmmNameTable Rates = new(
        (0, "Unspecified"), (1, "TickByTick"), (2, "JitConflated"), (3, "TimeConflated"));

    public static readonly OmmNameTable UpdateTypes = new(
        (0, "Unspecified"), (1, "Quote"), (2, "Trade"), (3, "NewsAlert"), (4, "VolumeAlert"), (5, "OrderIndication"),
        (6, "ClosingRun"), (7, "Correction"), (8, "MarketDigest"), (9, "QuotesTrade"), (10, "Multiple"),
        (11, "Verify"));

    public static readonly OmmNameTable NakCodes = new(
        (0, "None"), (1, "AccessDenied"), (2, "DeniedBySrc"), (3, "SourceDown"), (4, "SourceUnknown"),
        (5, "NoResources"), (6, "NoResponse"), (7, "GatewayDown"), (10, "SymbolUnknown"), (11, "NotOpen"),
        (12, "InvalidContent"));

    /// <summary>Key name types outside the login domain (1, Ric, is the default and is not written).</summary>
    public static readonly OmmNameTable InstrumentNameTypes = new((0, "Unspecified"), (1, "Ric"), (2, "Contributor"));

    /// <summary>Key name types of the login domain.</summary>
    public static readonly OmmNameTable LoginNameTypes = new((1, "Name"), (2, "EmailAddress"), (3, "Token"), (4, "Cookie"));

    public static readonly OmmNameTable MapActions = new((1, "Update"), (2, "Add"), (3, "Delete"));

    public static readonly OmmNameTable FilterActions = new((1, "Update"), (2, "Set"), (3, "Clear"));

    public static readonly OmmNameTable DataTypeNames = new(
        (DataTypes.Unknown, "Unknown"), (DataTypes.Int, "Int"), (DataTypes.UInt, "UInt"), (DataTypes.Float, "Float"),
        (DataTypes.Double, "Double"), (DataTypes.Real, "Real"), (DataTypes.Date, "Date"), (DataTypes.Time, "Time"),
        (DataTypes.DateTime, "DateTime"), (DataTypes.Qos, "Qos"), (DataTypes.State, "State"),
        (DataTypes.Enum, "Enum"), (DataTypes.Array, "Array"), (DataTypes.Buffer, "Buffer"),
        (DataTypes.AsciiString, "AsciiString"), (DataTypes.Utf8String, "Utf8String"),
        (DataTypes.RmtesString, "RmtesString"), (DataTypes.NoData, "NoData"), (DataTypes.Opaque, "Opaque"),
        (DataTypes.Xml, "Xml"), (DataTypes.FieldList, "FieldList"), (DataTypes.ElementList, "ElementList"),
        (DataTypes.AnsiPage, "AnsiPage"), (DataTypes.FilterList, "FilterList"), (DataTypes.Vector, "Vector"),
        (DataTypes.Map, "Map"), (DataTypes.Series, "Series"), (DataTypes.Msg, "Msg"), (DataTypes.Json, "Json"));
}
