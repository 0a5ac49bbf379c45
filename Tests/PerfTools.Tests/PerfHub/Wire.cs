using Eta.Codec;
using Eta.Codec.Rdm;
using PerfTools.Tests.ProvPerf;
using Xunit;

namespace PerfTools.Tests.PerfHub;

/// <summary>Encoded messages for router tests, written with the codec as a consumer or an NI provider would send them.</summary>
internal static class Wire
{
    public static byte[] Encode(TestConsumer.Encode encode)
    {
        byte[] buffer = new byte[8192];
        var encoder = new RwfEncoder(buffer);
        Assert.Equal(CodecReturnCode.Success, encode(ref encoder));
        return buffer[..encoder.Position];
    }

    public static byte[] Login(int streamId, ulong role) => Encode((ref RwfEncoder e) =>
    {
        var login = new LoginRequest { StreamId = streamId, UserName = "test" };
        login.Attributes.Role = role;
        return login.Encode(ref e);
    });

    public static byte[] DirectoryRequest(int streamId) =>
        Encode((ref RwfEncoder e) => new DirectoryRequest { StreamId = streamId }.Encode(ref e));

    public static byte[] Directory(int streamId, int serviceId, string name, bool solicited) => Encode((ref RwfEncoder e) =>
    {
        var refresh = new DirectoryRefresh { StreamId = streamId, Solicited = solicited };
        refresh.Services.Add(new Service
        {
            ServiceId = serviceId, Info = new ServiceInfo { ServiceName = name },
            State = new ServiceState { Value = ServiceStates.Up, AcceptingRequests = 1 },
        });
        return refresh.Encode(ref e);
    });

    /// <summary>A source directory update that adds one service, Up.</summary>
    public static byte[] DirectoryAdd(int streamId, int serviceId, string name) => Encode((ref RwfEncoder e) =>
    {
        var update = new DirectoryUpdate { StreamId = streamId, Filter = ServiceFilterFlags.Info | ServiceFilterFlags.State };
        update.Services.Add(new Service
        {
            ServiceId = serviceId, Action = MapEntryActions.Add, Info = new ServiceInfo { ServiceName = name },
            State = new ServiceState { Value = ServiceStates.Up, AcceptingRequests = 1 },
        });
        return update.Encode(ref e);
    });

    public static byte[] ItemRequest(int streamId, int serviceId, string name) => Encode((ref RwfEncoder e) =>
    {
        var msg = Msg.Create(MsgClass.Request, DomainTypes.MarketPrice, streamId);
        msg.RequestFlags = RequestMsgFlags.Streaming;
        msg.Key.Flags = MsgKeyFlags.HasServiceId | MsgKeyFlags.HasName;
        msg.Key.ServiceId = serviceId;
        msg.Key.Name = System.Text.Encoding.ASCII.GetBytes(name);
        return MsgEncoder.Encode(ref e, msg);
    });

    /// <summary>The header of a complete MarketPrice refresh of a field list: key, Open/Ok, CLEAR_CACHE.</summary>
    public static Msg RefreshHeader(int streamId, int serviceId, string name)
    {
        var msg = Msg.Create(MsgClass.Refresh, DomainTypes.MarketPrice, streamId, DataTypes.FieldList);
        msg.RefreshFlags = RefreshMsgFlags.HasMsgKey | RefreshMsgFlags.RefreshComplete | RefreshMsgFlags.ClearCache;
        msg.Key.Flags = MsgKeyFlags.HasServiceId | MsgKeyFlags.HasName;
        msg.Key.ServiceId = serviceId;
        msg.Key.Name = System.Text.Encoding.ASCII.GetBytes(name);
        msg.State = new State(StreamStates.Open, DataStates.Ok);
        return msg;
    }

    /// <summary>A refresh (key, Open/Ok, complete) with BID (22) = <paramref name="bid"/> hundredths.</summary>
    public static byte[] Refresh(int streamId, int serviceId, string name, long bid) => Encode((ref RwfEncoder e) =>
    {
        Msg msg = RefreshHeader(streamId, serviceId, name);
        MsgEncoder.EncodeInit(ref e, msg, out MsgEncodeState state);
        e.FieldListInit();
        e.FieldEntry(22, new Real(bid, RealHints.ExponentNeg2));
        e.FieldEntry(25, new Real(bid + 10, RealHints.ExponentNeg2));
        e.FieldListComplete(true);
        return MsgEncoder.EncodeComplete(ref e, ref state, true);
    });

    public static byte[] Update(int streamId, long bid) => Encode((ref RwfEncoder e) =>
    {
        var msg = Msg.Create(MsgClass.Update, DomainTypes.MarketPrice, streamId, DataTypes.FieldList);
        MsgEncoder.EncodeInit(ref e, msg, out MsgEncodeState state);
        e.FieldListInit();
        e.FieldEntry(22, new Real(bid, RealHints.ExponentNeg2));
        e.FieldListComplete(true);
        return MsgEncoder.EncodeComplete(ref e, ref state, true);
    });

    /// <summary>A post as ConsPerf sends one: a PostMsg holding an UpdateMsg with ASK and TIM_TRK_2.</summary>
    public static byte[] Post(int streamId, long ask, ulong stamp) => Encode((ref RwfEncoder e) =>
    {
        var user = new PostUserInfo(0x7F000001, 42);
        var post = Msg.Create(MsgClass.Post, DomainTypes.MarketPrice, streamId, DataTypes.Msg);
        post.PostFlags = PostMsgFlags.PostComplete;
        post.PostUserInfo = user;
        MsgEncoder.EncodeInit(ref e, post, out MsgEncodeState postState);
        var update = Msg.Create(MsgClass.Update, DomainTypes.MarketPrice, streamId, DataTypes.FieldList);
        update.UpdateFlags = UpdateMsgFlags.HasPostUserInfo;
        update.PostUserInfo = user;
        MsgEncoder.EncodeInit(ref e, update, out MsgEncodeState updateState);
        e.FieldListInit();
        e.FieldEntry(25, new Real(ask, RealHints.ExponentNeg2));
        e.FieldEntry(3903, new UInt(stamp));
        e.FieldListComplete(true);
        MsgEncoder.EncodeComplete(ref e, ref updateState, true);
        return MsgEncoder.EncodeComplete(ref e, ref postState, true);
    });

    /// <summary>The BID (fid 22) an update carries.</summary>
    public static long BidOfUpdate(byte[] encoded)
    {
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(encoded, out Msg msg));
        Assert.Equal(MsgClass.Update, msg.MsgClass);
        FieldListDecoder.Decode(msg.EncodedDataBody, out FieldListDecoder decoder);
        while (decoder.Next(out FieldEntry entry) == CodecReturnCode.Success)
        {
            if (entry.FieldId == 22)
            {
                Assert.Equal(CodecReturnCode.Success, Real.Decode(entry.EncodedData, out Real bid));
                return bid.Value;
            }
        }
        throw new Xunit.Sdk.XunitException("no BID in the update");
    }
}
