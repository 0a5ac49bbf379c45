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
    public object? UserSpecObject { get; init; }

    public void Validate()
    {
        OptionChecks.InRange(SysSendBufSize, 0, int.MaxValue, nameof(SysSendBufSize));
        OptionChecks.InRange(SysRecvBufSize, 0, int.MaxValue, nameof(SysRecvBufSize));
    }
}
