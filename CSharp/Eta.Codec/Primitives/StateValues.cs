namespace Eta.Codec;

/// <summary>Stream states (LSEG's numbers).</summary>
public static class StreamStates
{
    public const int UNSPECIFIED = 0;
    public const int OPEN = 1;
    public const int NON_STREAMING = 2;
    public const int CLOSED_RECOVER = 3;
    public const int CLOSED = 4;
    public const int REDIRECTED = 5;

    internal static readonly string[] Names = ["Unspecified", "Open", "NonStreaming", "ClosedRecover", "Closed", "Redirected"];
}

/// <summary>Data states (LSEG's numbers).</summary>
public static class DataStates
{
    public const int NO_CHANGE = 0;
    public const int OK = 1;
    public const int SUSPECT = 2;

    internal static readonly string[] Names = ["NoChange", "Ok", "Suspect"];
}

/// <summary>State codes (LSEG's numbers).</summary>
public static class StateCodes
{
    public const int NONE = 0;
    public const int NOT_FOUND = 1;
    public const int TIMEOUT = 2;
    public const int NOT_ENTITLED = 3;
    public const int INVALID_ARGUMENT = 4;
    public const int USAGE_ERROR = 5;
    public const int PREEMPTED = 6;
    public const int JIT_CONFLATION_STARTED = 7;
    public const int REALTIME_RESUMED = 8;
    public const int FAILOVER_STARTED = 9;
    public const int FAILOVER_COMPLETED = 10;
    public const int GAP_DETECTED = 11;
    public const int NO_RESOURCES = 12;
    public const int TOO_MANY_ITEMS = 13;
    public const int ALREADY_OPEN = 14;
    public const int SOURCE_UNKNOWN = 15;
    public const int NOT_OPEN = 16;
    public const int NON_UPDATING_ITEM = 19;
    public const int UNSUPPORTED_VIEW_TYPE = 20;
    public const int INVALID_VIEW = 21;
    public const int FULL_VIEW_PROVIDED = 22;
    public const int UNABLE_TO_REQUEST_AS_BATCH = 23;
    public const int NO_BATCH_VIEW_SUPPORT_IN_REQ = 26;
    public const int EXCEEDED_MAX_MOUNTS_PER_USER = 27;
    public const int ERROR = 28;
    public const int DACS_DOWN = 29;
    public const int USER_UNKNOWN_TO_PERM_SYS = 30;
    public const int DACS_MAX_LOGINS_REACHED = 31;
    public const int DACS_USER_ACCESS_TO_APP_DENIED = 32;
    public const int GAP_FILL = 34;
    public const int APP_AUTHORIZATION_FAILED = 35;
}
