using Eta.Codec;

namespace Eta.ValueAdd.Benchmarks;

/// <summary>
/// The application: what every mode hands each message to. It counts refreshes and updates and touches the item's
/// slot by stream id (as ConsPerf finds its item), so the work after dispatch is the same in every mode.
/// </summary>
internal sealed class UpdateSink : IReactorCallbacks
{
    private readonly long[] _perItem;

    public UpdateSink(int itemCount) => _perItem = new long[itemCount];

    public long Updates { get; private set; }

    public long Refreshes { get; private set; }

    public bool Ready { get; private set; }

    public string? Lost { get; private set; }

    public void OnMsg(scoped in Msg msg)
    {
        uint slot = (uint)(msg.StreamId - Consumer.FirstStreamId);
        if (slot < (uint)_perItem.Length)
            _perItem[slot]++;
        if (msg.MsgClass == MsgClass.Update)
            Updates++;
        else if (msg.MsgClass == MsgClass.Refresh)
            Refreshes++;
    }

    public ReactorCallbackReturn OnDefaultMsg(ReactorChannel channel, in Msg msg)
    {
        OnMsg(msg);
        return ReactorCallbackReturn.Success;
    }

    public ReactorCallbackReturn OnChannelEvent(ReactorChannel channel, ReactorChannelEventType eventType)
    {
        if (eventType == ReactorChannelEventType.ChannelReady)
            Ready = true;
        else if (eventType is ReactorChannelEventType.ChannelDown or ReactorChannelEventType.ChannelDownReconnecting)
            Lost = channel.ErrorText;
        return ReactorCallbackReturn.Success;
    }
}
