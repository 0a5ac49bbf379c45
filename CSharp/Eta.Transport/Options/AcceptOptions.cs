namespace Eta.Transport;

/// <summary>Per-connection choices made when a server accepts.</summary>
public sealed record AcceptOptions
{
    /// <summary>True: answer the client's ConnectReq with a ConnectNak (refuse it).</summary>
    public bool NakMount { get; init; }
    /// <summary>TCP send buffer size for this channel; 0 keeps the server's.</summary>
    public int SysSendBufSize { get; init; }
    /// <summary>TCP receive buffer size for this channel; 0 keeps the server's.</summary>
    public int SysRecvBufSize { get; init; }
    /// <summary>
    /// Seconds this channel's handshake may take before its next <see cref="Channel.Init"/> closes it; 0 keeps the
    /// server's <see cref="BindOptions.InitializationTimeout"/>. Per accept, as LSEG's reactor sets it
    /// (ReactorAcceptOptions' init timeout, 60 s by default).
    /// </summary>
    public int InitializationTimeout { get; init; }
    public object? UserSpecObject { get; init; }

    public void Validate()
    {
        if (InitializationTimeout != 0)
            OptionChecks.InRange(InitializationTimeout, 1, 3600, nameof(InitializationTimeout));
        OptionChecks.InRange(SysSendBufSize, 0, int.MaxValue, nameof(SysSendBufSize));
        OptionChecks.InRange(SysRecvBufSize, 0, int.MaxValue, nameof(SysRecvBufSize));
    }
}
