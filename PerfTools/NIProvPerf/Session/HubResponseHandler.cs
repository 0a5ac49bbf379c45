using Eta.Codec;
using Eta.Codec.Rdm;

namespace PerfTools.NIProvPerf.Session;

/// <summary>
/// What the hub sends a non-interactive provider: the answer to its login (accepted: publish; refused or closed:
/// the test ends). Anything else (status on the directory or an item stream) is noted and otherwise ignored,
/// as LSEG's NIProvPerf does.
/// </summary>
internal sealed class HubResponseHandler
{
    private readonly LoginRefresh _refresh = new();
    private readonly AdminStatus _status = new();

    /// <summary>What a message meant for the session.</summary>
    public enum Outcome
    {
        Nothing,
        LoginAccepted,
        Refused,
    }

    /// <summary>Interprets one received message; <paramref name="text"/> says what happened when it matters.</summary>
    public Outcome Handle(NIProviderSession session, ReadOnlySpan<byte> message, out string? text)
    {
        text = null;
        if (MsgDecoder.Decode(message, out Msg msg) != CodecReturnCode.Success)
        {
            text = "a message from the hub does not decode";
            return Outcome.Refused;
        }
        if (msg.DomainType != DomainTypes.Login)
            return NoteOtherStream(session, msg);
        if (msg.MsgClass == MsgClass.Refresh)
        {
            if (_refresh.Decode(msg) != CodecReturnCode.Success)
            {
                text = "the login refresh does not decode";
                return Outcome.Refused;
            }
            text = _refresh.State.Text;
            bool ok = _refresh.State.StreamState == StreamStates.Open && _refresh.State.DataState == DataStates.Ok;
            if (!ok)
                return Refuse(_refresh.State, out text);
            return session.Login == LoginState.Requested ? Outcome.LoginAccepted : Outcome.Nothing;
        }
        if (msg.MsgClass == MsgClass.Status && _status.Decode(msg) == CodecReturnCode.Success
            && _status.State is { } state && state.StreamState != StreamStates.Open)
            return Refuse(state, out text);
        return Outcome.Nothing;
    }

    private static Outcome Refuse(RdmState state, out string text)
    {
        text = $"the hub closed the login (stream state {state.StreamState}, data state {state.DataState}, code {state.Code}: {state.Text})";
        return Outcome.Refused;
    }

    // A status closing the directory or an item stream: worth a line on the console, not the end of the test.
    private static Outcome NoteOtherStream(NIProviderSession session, scoped in Msg msg)
    {
        if (msg.MsgClass == MsgClass.Status && (msg.StatusFlags & StatusMsgFlags.HasState) != 0
            && msg.State.StreamState != StreamStates.Open)
            session.Console.WriteLine($"Stream {msg.StreamId} (domain {msg.DomainType}) closed by the hub: stream state {msg.State.StreamState}");
        return Outcome.Nothing;
    }
}
