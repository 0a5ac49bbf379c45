namespace PerfTools.NIProvPerf.Session;

/// <summary>Where a connection's login to the hub stands.</summary>
internal enum LoginState
{
    /// <summary>Connected; the login request is not sent yet.</summary>
    NotSent,

    /// <summary>Login request sent; waiting for the hub's answer.</summary>
    Requested,

    /// <summary>The hub accepted the login: the service and items are published.</summary>
    Accepted,
}
