using Eta.Codec;
using Eta.Transport;

namespace Eta.ValueAdd;

// What the reactor's dispatch does to a channel: drive the handshake, read, flush, check pings, and handle losses.
public sealed partial class ReactorChannel
{
    /// <summary>One step of the transport handshake; false when the dispatch must stop (a callback failed).</summary>
    internal bool StepInit()
    {
        if (Channel is null)
            return Lose(ErrorText); // the first connect failed at once: handled here so callbacks come from dispatch
        TransportReturnCode rc = Channel.Init(_inProgress);
        if (rc == TransportReturnCode.ChanInitInProgress)
            return true;
        if (rc != TransportReturnCode.Success)
            return Lose("Channel initialization failed: " + Channel.Error.Text);
        State = ReactorChannelState.Up;
        ClosedByPeer = false;
        _reconnect?.Reset();
        if (RaiseEvent(ReactorChannelEventType.ChannelUp) == ReactorCallbackReturn.Failure)
            return false;
        return Removed || _session.OnUp() != ReactorCallbackReturn.Failure;
    }

    /// <summary>
    /// Reads up to <paramref name="maxMessages"/> messages and hands each to the role. Returns Failure when a callback
    /// failed, MoreToDispatch when data is still buffered, Success otherwise (including a lost channel).
    /// </summary>
    internal ReactorReturnCode ReadMessages(int maxMessages)
    {
        for (int i = 0; i < maxMessages; i++)
        {
            if (Channel is null || !IsActive)
                return ReactorReturnCode.Success;
            TransportReturnCode rc = Channel.Read(out TransportBuffer? buffer);
            ReadCalls++;
            if (buffer is not null)
            {
                if (MsgDecoder.Decode(buffer.Contents, out Msg msg) != CodecReturnCode.Success)
                {
                    ErrorText = "Dispatch: a message could not be decoded";
                    if (RaiseEvent(ReactorChannelEventType.Warning) == ReactorCallbackReturn.Failure)
                        return ReactorReturnCode.Failure;
                }
                else if (_session.OnMsg(msg) == ReactorCallbackReturn.Failure)
                    return ReactorReturnCode.Failure;
            }
            if (Channel is null || !IsActive)
                return ReactorReturnCode.Success; // lost while handling the message
            if (rc > TransportReturnCode.Success)
                continue;
            // Success means nothing is left buffered: another read now would only be a recv the socket refuses
            // (one per dispatch). What arrives next makes the socket readable for the next wait.
            if (rc is TransportReturnCode.Success or TransportReturnCode.ReadWouldBlock or TransportReturnCode.ReadPing)
                return ReactorReturnCode.Success;
            ClosedByPeer = Channel.Error.PeerClosed;
            return Lose("Read failed: " + Channel.Error.Text) ? ReactorReturnCode.Success : ReactorReturnCode.Failure;
        }
        return ReactorReturnCode.MoreToDispatch;
    }

    /// <summary>Sends what earlier submits left queued; false when a callback failed.</summary>
    internal bool FlushQueued()
    {
        if (!_flushPending || Channel is null || !IsActive)
            return true;
        TransportReturnCode rc = Channel.Flush();
        if (rc >= TransportReturnCode.Success)
        {
            _flushPending = rc > TransportReturnCode.Success;
            return true;
        }
        return Lose("Flush failed: " + Channel.Error.Text);
    }

    /// <summary>Sends a ping when due and notices a silent peer; false when a callback failed.</summary>
    internal bool CheckPings()
    {
        if (Channel is null || !IsActive)
            return true;
        return Channel.CheckPings() >= TransportReturnCode.Success || Lose("Ping: " + Channel.Error.Text);
    }

    /// <summary>A due reconnection attempt; false when a callback failed.</summary>
    internal bool TryReconnect(long now)
    {
        if (State != ReactorChannelState.DownReconnecting || now < NextAttemptAt)
            return true;
        Channel = Transport.Transport.Connect(ConnectOptions!.Connect, out TransportError? error);
        if (Channel is null)
            return Lose("Reconnection failed: " + error);
        State = ReactorChannelState.Initializing;
        return true;
    }

    internal void MarkReady()
    {
        if (State != ReactorChannelState.Up)
            return;
        State = ReactorChannelState.Ready;
        ItemLayer?.OnChannelState(this, State);
    }

    internal ReactorCallbackReturn RaiseReady()
    {
        MarkReady();
        return RaiseEvent(ReactorChannelEventType.ChannelReady);
    }

    /// <summary>
    /// The connection is gone: close it, then either schedule a reconnection (down-reconnecting) or give up (down,
    /// and the reactor drops the channel). False when the callback failed.
    /// </summary>
    internal bool Lose(string why)
    {
        ErrorText = why;
        Channel?.Close();
        Channel = null;
        _flushPending = false;
        _session.OnDown();
        if (_reconnect is not null && _reconnect.CanRetry)
        {
            _reconnect.ScheduleNext(Environment.TickCount64);
            State = ReactorChannelState.DownReconnecting;
            ItemLayer?.OnChannelState(this, State);
            return RaiseEvent(ReactorChannelEventType.ChannelDownReconnecting) != ReactorCallbackReturn.Failure;
        }
        State = ReactorChannelState.Down;
        Removed = true;
        ItemLayer?.OnChannelState(this, State);
        return RaiseEvent(ReactorChannelEventType.ChannelDown) != ReactorCallbackReturn.Failure;
    }

    /// <summary>A client channel whose first connect failed before any transport channel existed: reported by the next dispatch.</summary>
    internal void StartDisconnected(string why) => ErrorText = why;

    internal ReactorCallbackReturn RaiseEvent(ReactorChannelEventType type) => Role.Callbacks.OnChannelEvent(this, type);
}
