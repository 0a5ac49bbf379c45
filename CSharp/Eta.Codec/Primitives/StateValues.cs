namespace Eta.Codec;

/// <summary>Stream states (LSEG's numbers).</summary>
public static class StreamStates
{
    /// <remarks>LSEG: StreamStates.UNSPECIFIED</remarks>
    public const int Unspecified = 0;
    /// <remarks>LSEG: StreamStates.OPEN</remarks>
    public const int Open = 1;
    /// <remarks>LSEG: StreamStates.NON_STREAMING</remarks>
    public const int NonStreaming = 2;
    /// <remarks>LSEG: StreamStates.CLOSED_RECOVER</remarks>
    public const int ClosedRecover = 3;
    /// <remarks>LSEG: StreamStates.CLOSED</remarks>
    public const int Closed = 4;
    /// <remarks>LSEG: StreamStates.REDIRECTED</remarks>
    public const int Redirected = 5;

    internal static readonly string[] Names = ["Unspecified", "Open", "NonStreaming", "ClosedRecover", "Closed", "Redirected"];
}

/// <summary>Data states (LSEG's numbers).</summary>
public static class DataStates
{
    /// <remarks>LSEG: DataStates.NO_CHANGE</remarks>
    public const int NoChange = 0;
    /// <remarks>LSEG: DataStates.OK</remarks>
    public const int Ok = 1;
    /// <remarks>LSEG: DataStates.SUSPECT</remarks>
    public const int Suspect = 2;

    internal static readonly string[] Names = ["NoChange", "Ok", "Suspect"];
}

/// <summary>State codes (LSEG's numbers).</summary>
public static class StateCodes
{
    /// <remarks>LSEG: StateCodes.NONE</remarks>
    public const int None = 0;
    /// <remarks>LSEG: StateCodes.NOT_FOUND</remarks>
    public const int NotFound = 1;
    /// <remarks>LSEG: StateCodes.TIMEOUT</remarks>
    public const int Timeout = 2;
    /// <remarks>LSEG: StateCodes.NOT_ENTITLED</remarks>
    public const int NotEntitled = 3;
    /// <remarks>LSEG: StateCodes.INVALID_ARGUMENT</remarks>
    public const int InvalidArgument = 4;
    /// <remarks>LSEG: StateCodes.USAGE_ERROR</remarks>
    public const int UsageError = 5;
    /// <remarks>LSEG: StateCodes.PREEMPTED</remarks>
    public const int Preempted = 6;
    /// <remarks>LSEG: StateCodes.JIT_CONFLATION_STARTED</remarks>
    public const int JitConflationStarted = 7;
    /// <remarks>LSEG: StateCodes.REALTIME_RESUMED</remarks>
    public const int RealtimeResumed = 8;
    /// <remarks>LSEG: StateCodes.FAILOVER_STARTED</remarks>
    public const int FailoverStarted = 9;
    /// <remarks>LSEG: StateCodes.FAILOVER_COMPLETED</remarks>
    public const int FailoverCompleted = 10;
    /// <remarks>LSEG: StateCodes.GAP_DETECTED</remarks>
    public const int GapDetected = 11;
    /// <remarks>LSEG: StateCodes.NO_RESOURCES</remarks>
    public const int NoResources = 12;
    /// <remarks>LSEG: StateCodes.TOO_MANY_ITEMS</remarks>
    public const int TooManyItems = 13;
    /// <remarks>LSEG: StateCodes.ALREADY_OPEN</remarks>
    public const int AlreadyOpen = 14;
    /// <remarks>LSEG: StateCodes.SOURCE_UNKNOWN</remarks>
    public const int SourceUnknown = 15;
    /// <remarks>LSEG: StateCodes.NOT_OPEN</remarks>
    public const int NotOpen = 16;
    /// <remarks>LSEG: StateCodes.NON_UPDATING_ITEM</remarks>
    public const int NonUpdatingItem = 19;
    /// <remarks>LSEG: StateCodes.UNSUPPORTED_VIEW_TYPE</remarks>
    public const int UnsupportedViewType = 20;
    /// <remarks>LSEG: StateCodes.INVALID_VIEW</remarks>
    public const int InvalidView = 21;
    /// <remarks>LSEG: StateCodes.FULL_VIEW_PROVIDED</remarks>
    public const int FullViewProvided = 22;
    /// <remarks>LSEG: StateCodes.UNABLE_TO_REQUEST_AS_BATCH</remarks>
    public const int UnableToRequestAsBatch = 23;
    /// <remarks>LSEG: StateCodes.NO_BATCH_VIEW_SUPPORT_IN_REQ</remarks>
    public const int NoBatchViewSupportInReq = 26;
    /// <remarks>LSEG: StateCodes.EXCEEDED_MAX_MOUNTS_PER_USER</remarks>
    public const int ExceededMaxMountsPerUser = 27;
    /// <remarks>LSEG: StateCodes.ERROR</remarks>
    public const int Error = 28;
    /// <remarks>LSEG: StateCodes.DACS_DOWN</remarks>
    public const int DacsDown = 29;
    /// <remarks>LSEG: StateCodes.USER_UNKNOWN_TO_PERM_SYS</remarks>
    public const int UserUnknownToPermSys = 30;
    /// <remarks>LSEG: StateCodes.DACS_MAX_LOGINS_REACHED</remarks>
    public const int DacsMaxLoginsReached = 31;
    /// <remarks>LSEG: StateCodes.DACS_USER_ACCESS_TO_APP_DENIED</remarks>
    public const int DacsUserAccessToAppDenied = 32;
    /// <remarks>LSEG: StateCodes.GAP_FILL</remarks>
    public const int GapFill = 34;
    /// <remarks>LSEG: StateCodes.APP_AUTHORIZATION_FAILED</remarks>
    public const int AppAuthorizationFailed = 35;
}
