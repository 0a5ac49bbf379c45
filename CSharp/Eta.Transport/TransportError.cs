namespace Eta.Transport;

/// <summary>
/// What went wrong in the last failing call of a channel or server: a specific text, the
/// <see cref="TransportReturnCode"/> and, for socket failures, the OS error number.
/// One instance per channel, overwritten on each failure (no allocation on the hot path).
/// </summary>
public sealed class TransportError
{
    /// <summary>The failure code (e.g. <see cref="TransportReturnCode.Failure"/>).</summary>
    public TransportReturnCode Code { get; private set; }

    /// <summary>Human-readable description: what happened and where.</summary>
    public string Text { get; private set; } = "";

    /// <summary>OS socket error number (errno on Linux, a WSA code on Windows), 0 when not a socket failure.</summary>
    public int SystemError { get; private set; }

    /// <summary>
    /// True when the failure is the peer's orderly close (end of stream on a frame boundary), not an error:
    /// tools log it as a close rather than a failure.
    /// </summary>
    public bool PeerClosed { get; private set; }

    internal TransportReturnCode Set(TransportReturnCode code, string text, int systemError = 0)
    {
        Code = code;
        Text = text;
        SystemError = systemError;
        PeerClosed = false;
        return code;
    }

    internal TransportReturnCode SetPeerClosed(string text)
    {
        Set(TransportReturnCode.Failure, text);
        PeerClosed = true;
        return TransportReturnCode.Failure;
    }

    internal void Clear()
    {
        Code = TransportReturnCode.Success;
        Text = "";
        SystemError = 0;
        PeerClosed = false;
    }

    public override string ToString() =>
        SystemError == 0 ? $"{Code}: {Text}" : $"{Code}: {Text} (system error {SystemError})";
}
