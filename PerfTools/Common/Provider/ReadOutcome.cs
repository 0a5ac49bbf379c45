namespace PerfTools.Common.Provider;

/// <summary>Result of asking a connection for its next message.</summary>
public enum ReadOutcome
{
    /// <summary>A message was returned.</summary>
    Message,

    /// <summary>Nothing more to read now.</summary>
    NoMessage,

    /// <summary>The connection failed or the peer left; see the failure text.</summary>
    Failed,
}
