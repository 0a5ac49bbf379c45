namespace Eta.Codec.Rdm;

/// <summary>The login attributes and supported features carried in the login key's element list.</summary>
public enum LoginElement
{
    // AsciiString elements.
    ApplicationId,
    ApplicationName,
    Position,
    Password,
    InstanceId,

    // UInt elements.
    ProvidePermissionProfile,
    ProvidePermissionExpressions,
    SingleOpen,
    AllowSuspectData,
    SupportProviderDictionaryDownload,
    Role,
    DownloadConnectionConfig,
    SupportOMMPost,
    SupportBatchRequests,
    SupportViewRequests,
    SupportEnhancedSymbolList,
    SupportStandby,
    SupportPauseResume,
    SupportOptimizedPauseResume,
    SequenceRetryInterval,
    UpdateBufferLimit,
    SequenceNumberRecovery,
    RoundTripLatency,
}

/// <summary>Wire names and types of <see cref="LoginElement"/>, and the order ETA writes them in.</summary>
public static class LoginElements
{
    /// <summary>Number of <see cref="LoginElement"/> values.</summary>
    public const int Count = (int)LoginElement.RoundTripLatency + 1;

    /// <summary>Value of RoundTripLatency in a login request/refresh that announces RTT support (RDM_LOGIN_RTT_ELEMENT).</summary>
    public const ulong RoundTripLatencySupported = 2;

    /// <summary>Element order of a login request, as ETA encodes it.</summary>
    public static ReadOnlySpan<LoginElement> RequestOrder =>
    [
        LoginElement.ApplicationId, LoginElement.ApplicationName, LoginElement.Position, LoginElement.Password,
        LoginElement.InstanceId, LoginElement.ProvidePermissionProfile, LoginElement.ProvidePermissionExpressions,
        LoginElement.SingleOpen, LoginElement.SupportProviderDictionaryDownload, LoginElement.AllowSuspectData,
        LoginElement.Role, LoginElement.DownloadConnectionConfig, LoginElement.RoundTripLatency,
    ];

    /// <summary>Element order of a login refresh, as ETA encodes it.</summary>
    public static ReadOnlySpan<LoginElement> RefreshOrder =>
    [
        LoginElement.ApplicationId, LoginElement.ApplicationName, LoginElement.Position,
        LoginElement.ProvidePermissionProfile, LoginElement.ProvidePermissionExpressions, LoginElement.SingleOpen,
        LoginElement.AllowSuspectData, LoginElement.SupportOMMPost, LoginElement.SupportBatchRequests,
        LoginElement.SupportProviderDictionaryDownload, LoginElement.SupportEnhancedSymbolList,
        LoginElement.SupportViewRequests, LoginElement.SupportStandby, LoginElement.SupportPauseResume,
        LoginElement.SupportOptimizedPauseResume, LoginElement.SequenceRetryInterval, LoginElement.UpdateBufferLimit,
        LoginElement.SequenceNumberRecovery, LoginElement.RoundTripLatency,
    ];

    /// <summary>True for the elements whose value is an AsciiString (the others are UInt).</summary>
    public static bool IsText(LoginElement element) => element <= LoginElement.InstanceId;

    public static ReadOnlySpan<byte> Name(LoginElement element) => element switch
    {
        LoginElement.ApplicationId => ElementNames.ApplicationId,
        LoginElement.ApplicationName => ElementNames.ApplicationName,
        LoginElement.Position => ElementNames.Position,
        LoginElement.Password => ElementNames.Password,
        LoginElement.InstanceId => ElementNames.InstanceId,
        LoginElement.ProvidePermissionProfile => ElementNames.ProvidePermissionProfile,
        LoginElement.ProvidePermissionExpressions => ElementNames.ProvidePermissionExpressions,
        LoginElement.SingleOpen => ElementNames.SingleOpen,
        LoginElement.AllowSuspectData => ElementNames.AllowSuspectData,
        LoginElement.SupportProviderDictionaryDownload => ElementNames.SupportProviderDictionaryDownload,
        LoginElement.Role => ElementNames.Role,
        LoginElement.DownloadConnectionConfig => ElementNames.DownloadConnectionConfig,
        LoginElement.SupportOMMPost => ElementNames.SupportOMMPost,
        LoginElement.SupportBatchRequests => ElementNames.SupportBatchRequests,
        LoginElement.SupportViewRequests => ElementNames.SupportViewRequests,
        LoginElement.SupportEnhancedSymbolList => ElementNames.SupportEnhancedSymbolList,
        LoginElement.SupportStandby => ElementNames.SupportStandby,
        LoginElement.SupportPauseResume => ElementNames.SupportPauseResume,
        LoginElement.SupportOptimizedPauseResume => ElementNames.SupportOptimizedPauseResume,
        LoginElement.SequenceRetryInterval => ElementNames.SequenceRetryInterval,
        LoginElement.UpdateBufferLimit => ElementNames.UpdateBufferLimit,
        LoginElement.SequenceNumberRecovery => ElementNames.SequenceNumberRecovery,
        LoginElement.RoundTripLatency => ElementNames.RoundTripLatency,
        _ => throw new ArgumentOutOfRangeException(nameof(element), element, "not a login element"),
    };

    /// <summary>The element with this wire name, or false for names this library does not know.</summary>
    public static bool TryFind(scoped ReadOnlySpan<byte> name, out LoginElement element)
    {
        for (element = 0; (int)element < Count; element++)
        {
            if (Name(element).SequenceEqual(name))
                return true;
        }
        return false;
    }
}
