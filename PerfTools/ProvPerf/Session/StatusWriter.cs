using PerfTools.Common.Provider;
using System.Text;
using Eta.Codec;

namespace PerfTools.ProvPerf.Session;

/// <summary>Sends a StatusMsg that closes a stream (request rejects). Rare, so it may allocate its text.</summary>
internal static class StatusWriter
{
    private const int MaxLength = 256;

    /// <summary>False only when the channel failed; without an output buffer the status is dropped.</summary>
    public static bool SendClose(IMessageSink sink, byte domainType, int streamId, int streamState, int code, string text)
    {
        Span<byte> space = sink.Reserve(MaxLength);
        if (space.IsEmpty)
            return true;
        var msg = Msg.Create(MsgClass.Status, domainType, streamId);
        msg.StatusFlags = StatusMsgFlags.HasState;
        byte[] textBytes = Encoding.ASCII.GetBytes(text.Length > 200 ? text[..200] : text);
        msg.State = new State(streamState, DataStates.Suspect, code, textBytes);
        var writer = new RwfWriter(space);
        if (MsgEncoder.Encode(ref writer, msg) != CodecReturnCode.Success)
        {
            sink.Cancel();
            return true;
        }
        return sink.Send(writer.Position);
    }
}
