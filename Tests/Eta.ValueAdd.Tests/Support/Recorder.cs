using Eta.Codec;
using Eta.Codec.Rdm;

namespace Eta.ValueAdd.Tests.Support;

/// <summary>What one side's callbacks saw, in order: channel events and every message as (domain, class, stream).</summary>
internal sealed class Recorder : IReactorCallbacks
{
    public List<ReactorChannelEventType> Events { get; } = [];
    public List<(byte Domain, MsgClass Class, int StreamId)> Messages { get; } = [];
    public List<string> LoginRequestUserNames { get; } = [];
    public List<ulong?> LoginRequestRoles { get; } = [];
    public List<byte[]> DirectoryRequestBytes { get; } = [];
    public List<DirectoryRefresh> DirectoryRefreshes { get; } = [];
    public List<string> DictionaryRequests { get; } = [];
    public List<(int StreamId, string Name, int ServiceId, bool Streaming, DictionaryVerbosity Verbosity)> DictionaryRequestDetails { get; } = [];
    public List<string> Errors { get; } = [];
    public int ItemRefreshes { get; set; }
    public int ItemUpdates { get; set; }
    public int ItemRequests { get; set; }
    public int LastItemStream { get; private set; }
    public ulong LastRttTicks { get; private set; }

    /// <summary>Set by a test to act on each channel event (e.g. request items when ready).</summary>
    public Action<ReactorChannel, ReactorChannelEventType>? OnEvent { get; set; }

    /// <summary>Counts only, no lists: the allocation proof turns recording off.</summary>
    public bool RecordMessages { get; set; } = true;

    public ReactorCallbackReturn OnChannelEvent(ReactorChannel channel, ReactorChannelEventType eventType)
    {
        Events.Add(eventType);
        if (eventType is ReactorChannelEventType.ChannelDown or ReactorChannelEventType.ChannelDownReconnecting or ReactorChannelEventType.Warning)
            Errors.Add(channel.ErrorText);
        OnEvent?.Invoke(channel, eventType);
        return ReactorCallbackReturn.Success;
    }

    public ReactorCallbackReturn OnDefaultMsg(ReactorChannel channel, in Msg msg)
    {
        if (RecordMessages)
            Messages.Add((msg.DomainType, msg.MsgClass, msg.StreamId));
        if (msg.DomainType == DomainTypes.MarketPrice)
        {
            LastItemStream = msg.StreamId;
            switch (msg.MsgClass)
            {
                case MsgClass.Refresh: ItemRefreshes++; break;
                case MsgClass.Update: ItemUpdates++; break;
                case MsgClass.Request: ItemRequests++; break;
            }
        }
        return ReactorCallbackReturn.Success;
    }

    public ReactorCallbackReturn OnLoginMsg(ReactorChannel channel, in Msg msg, RdmLoginEvent login)
    {
        Messages.Add((msg.DomainType, msg.MsgClass, msg.StreamId));
        if (login.Type == RdmLoginMsgType.Rtt)
            LastRttTicks = login.Rtt.Ticks;
        if (login.Type == RdmLoginMsgType.Request)
        {
            LoginRequestUserNames.Add(login.Request.UserName);
            LoginRequestRoles.Add(login.Request.Attributes.Role);
        }
        return ReactorCallbackReturn.Success;
    }

    public ReactorCallbackReturn OnDirectoryMsg(ReactorChannel channel, in Msg msg, RdmDirectoryEvent directory)
    {
        Messages.Add((msg.DomainType, msg.MsgClass, msg.StreamId));
        if (directory.Type == RdmDirectoryMsgType.Request)
            DirectoryRequestBytes.Add(msg.EncodedMsg.ToArray());
        if (directory.Type == RdmDirectoryMsgType.Refresh)
        {
            var copy = new DirectoryRefresh();
            copy.Decode(msg);
            DirectoryRefreshes.Add(copy);
        }
        return ReactorCallbackReturn.Success;
    }

    public ReactorCallbackReturn OnDictionaryMsg(ReactorChannel channel, in Msg msg, RdmDictionaryEvent dictionary)
    {
        Messages.Add((msg.DomainType, msg.MsgClass, msg.StreamId));
        if (dictionary.Type == RdmDictionaryMsgType.Request)
        {
            DictionaryRequest request = dictionary.Request;
            DictionaryRequests.Add(request.DictionaryName);
            DictionaryRequestDetails.Add((msg.StreamId, request.DictionaryName, request.ServiceId, request.Streaming, request.Verbosity));
        }
        return ReactorCallbackReturn.Success;
    }
}
