namespace Eta.Codec.Rdm;

/// <summary>
/// Element names of the RDM admin domains, as the ASCII bytes written on the wire (ETA's ElementNames).
/// Spans over constant data: comparing or writing them allocates nothing.
/// </summary>
public static class ElementNames
{
    // Login attributes and supported features.
    public static ReadOnlySpan<byte> ApplicationId => "ApplicationId"u8;
    public static ReadOnlySpan<byte> ApplicationName => "ApplicationName"u8;
    public static ReadOnlySpan<byte> ApplicationAuthorizationToken => "ApplicationAuthorizationToken"u8;
    public static ReadOnlySpan<byte> Position => "Position"u8;
    public static ReadOnlySpan<byte> Password => "Password"u8;
    public static ReadOnlySpan<byte> InstanceId => "InstanceId"u8;
    public static ReadOnlySpan<byte> Role => "Role"u8;
    public static ReadOnlySpan<byte> ProvidePermissionProfile => "ProvidePermissionProfile"u8;
    public static ReadOnlySpan<byte> ProvidePermissionExpressions => "ProvidePermissionExpressions"u8;
    public static ReadOnlySpan<byte> SingleOpen => "SingleOpen"u8;
    public static ReadOnlySpan<byte> AllowSuspectData => "AllowSuspectData"u8;
    public static ReadOnlySpan<byte> DownloadConnectionConfig => "DownloadConnectionConfig"u8;
    public static ReadOnlySpan<byte> SupportPauseResume => "SupportPauseResume"u8;
    public static ReadOnlySpan<byte> SupportOptimizedPauseResume => "SupportOptimizedPauseResume"u8;
    public static ReadOnlySpan<byte> SupportOMMPost => "SupportOMMPost"u8;
    public static ReadOnlySpan<byte> SupportBatchRequests => "SupportBatchRequests"u8;
    public static ReadOnlySpan<byte> SupportViewRequests => "SupportViewRequests"u8;
    public static ReadOnlySpan<byte> SupportProviderDictionaryDownload => "SupportProviderDictionaryDownload"u8;
    public static ReadOnlySpan<byte> SupportEnhancedSymbolList => "SupportEnhancedSymbolList"u8;
    public static ReadOnlySpan<byte> SupportStandby => "SupportStandby"u8;
    public static ReadOnlySpan<byte> SequenceRetryInterval => "SequenceRetryInterval"u8;
    public static ReadOnlySpan<byte> UpdateBufferLimit => "UpdateBufferLimit"u8;
    public static ReadOnlySpan<byte> SequenceNumberRecovery => "SequenceNumberRecovery"u8;
    public static ReadOnlySpan<byte> AuthenticationToken => "AuthenticationToken"u8;
    public static ReadOnlySpan<byte> AuthenticationExtended => "AuthenticationExtended"u8;

    // Login round trip latency (RTT): support in request/refresh attributes, values in the login Generic message.
    public static ReadOnlySpan<byte> RoundTripLatency => "RoundTripLatency"u8;
    public static ReadOnlySpan<byte> Ticks => "Ticks"u8;
    public static ReadOnlySpan<byte> TcpRetrans => "TcpRetrans"u8;

    // Directory service filters.
    public static ReadOnlySpan<byte> Name => "Name"u8;
    public static ReadOnlySpan<byte> Vendor => "Vendor"u8;
    public static ReadOnlySpan<byte> IsSource => "IsSource"u8;
    public static ReadOnlySpan<byte> Capabilities => "Capabilities"u8;
    public static ReadOnlySpan<byte> DictionariesProvided => "DictionariesProvided"u8;
    public static ReadOnlySpan<byte> DictionariesUsed => "DictionariesUsed"u8;
    public static ReadOnlySpan<byte> Qos => "QoS"u8;
    public static ReadOnlySpan<byte> SupportsQosRange => "SupportsQoSRange"u8;
    public static ReadOnlySpan<byte> ItemList => "ItemList"u8;
    public static ReadOnlySpan<byte> SupportsOutOfBandSnapshots => "SupportsOutOfBandSnapshots"u8;
    public static ReadOnlySpan<byte> AcceptingConsumerStatus => "AcceptingConsumerStatus"u8;
    public static ReadOnlySpan<byte> ServiceState => "ServiceState"u8;
    public static ReadOnlySpan<byte> AcceptingRequests => "AcceptingRequests"u8;
    public static ReadOnlySpan<byte> Status => "Status"u8;
    public static ReadOnlySpan<byte> Group => "Group"u8;
    public static ReadOnlySpan<byte> MergedToGroup => "MergedToGroup"u8;
    public static ReadOnlySpan<byte> OpenLimit => "OpenLimit"u8;
    public static ReadOnlySpan<byte> OpenWindow => "OpenWindow"u8;
    public static ReadOnlySpan<byte> LoadFactor => "LoadFactor"u8;
    public static ReadOnlySpan<byte> Type => "Type"u8;
    public static ReadOnlySpan<byte> Data => "Data"u8;
    public static ReadOnlySpan<byte> LinkState => "LinkState"u8;
    public static ReadOnlySpan<byte> LinkCode => "LinkCode"u8;
    public static ReadOnlySpan<byte> Text => "Text"u8;

    // Dictionary refresh summary.
    public static ReadOnlySpan<byte> DictionaryId => "DictionaryId"u8;
    public static ReadOnlySpan<byte> Version => "Version"u8;

    // Batch and view request payloads (LSEG's empty namespace).
    public static ReadOnlySpan<byte> BatchItemList => ":ItemList"u8;
    public static ReadOnlySpan<byte> ViewType => ":ViewType"u8;
    public static ReadOnlySpan<byte> ViewData => ":ViewData"u8;
}
