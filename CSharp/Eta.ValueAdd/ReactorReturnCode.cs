namespace Eta.ValueAdd;

/// <summary>
/// Result of a reactor call (LSEG's <c>ReactorReturnCodes</c> vocabulary). Hot-path calls (dispatch, submit) return
/// one of these rather than throwing; the channel's <see cref="ReactorChannel.ErrorText"/> says what happened.
/// </summary>
public enum ReactorReturnCode
{
    /// <summary>Done. From <see cref="Reactor.Dispatch"/>: nothing more is waiting.</summary>
    Success = 0,

    /// <summary>From <see cref="Reactor.Dispatch"/>: messages are still buffered; call again without waiting.</summary>
    MoreToDispatch = 1,

    /// <summary>The call failed; the channel's error text says why (a failed channel is reported as down).</summary>
    Failure = -1,

    /// <summary>No output buffer was free: the reactor flushes on the next dispatch; submit again then.</summary>
    NoBuffers = -4,

    /// <summary>A fragmented write ran out of buffers: dispatch (which flushes), then submit the same buffer again.</summary>
    WriteCallAgain = -10,

    /// <summary>The channel is not up (connecting, reconnecting or down).</summary>
    ChannelNotUp = -20,

    /// <summary>A message could not be encoded (its codec return code is in the error text).</summary>
    EncodeFailed = -21,
}
