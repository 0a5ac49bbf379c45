using Eta.Codec.Rdm;
using Eta.Codec.Tests.Messages;
using Xunit;

namespace Eta.Codec.Tests.Rdm;

public class DirectoryTests
{
    [Fact]
    public void CapturedDirectoryRefreshDecodes()
    {
        byte[] captured = VectorFiles.CapturedMessage(2);
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(captured, out Msg msg));
        var refresh = new DirectoryRefresh();
        Assert.Equal(CodecReturnCode.Success, refresh.Decode(msg));

        Assert.Equal(2, refresh.StreamId);
        Assert.Equal((ServiceFilterFlags)0x3F, refresh.Filter);
        Assert.Equal(RdmState.OpenOk("Source Directory Refresh Completed"), refresh.State);
        Assert.True(refresh.Solicited);
        Assert.True(refresh.ClearCache);
        Service service = Assert.Single(refresh.Services);
        Assert.Equal(1, service.ServiceId);
        Assert.Equal(MapEntryActions.Add, service.Action);

        ServiceInfo info = Assert.IsType<ServiceInfo>(service.Info);
        Assert.Equal("DIRECT_FEED", info.ServiceName);
        Assert.Equal("Thomson Reuters", info.Vendor);
        Assert.Equal(1ul, info.IsSource);
        Assert.Equal([5ul, 6ul, 7ul], info.Capabilities);
        Assert.Equal(["RWFFld", "RWFEnum"], info.DictionariesProvided);
        Assert.Equal(["RWFFld", "RWFEnum"], info.DictionariesUsed);
        Assert.Equal([new Qos(QosTimeliness.Realtime, QosRates.TickByTick)], info.QosList);
        Assert.Equal(0ul, info.SupportsQosRange);
        Assert.Equal("", info.ItemList);
        Assert.Equal(0ul, info.SupportsOutOfBandSnapshots);
        Assert.Equal(0ul, info.AcceptingConsumerStatus);

        ServiceState state = Assert.IsType<ServiceState>(service.State);
        Assert.Equal(ServiceStates.Up, state.Value);
        Assert.True(state.IsUp);
        Assert.Equal(1ul, state.AcceptingRequests);
        Assert.Equal(RdmState.OpenOk("OK"), state.Status);

        ServiceLoad load = Assert.IsType<ServiceLoad>(service.Load);
        Assert.Equal(5ul, load.OpenLimit);
        Assert.Equal(1ul, load.OpenWindow);
        Assert.Equal(1ul, load.LoadFactor);
    }

    [Fact]
    public void RefreshRoundTrips()
    {
        var refresh = new DirectoryRefresh { StreamId = 2, Filter = ServiceFilterFlags.Info | ServiceFilterFlags.State | ServiceFilterFlags.Load };
        var service = new Service
        {
            ServiceId = 1,
            Info = new ServiceInfo { ServiceName = "DIRECT_FEED", Vendor = "LSEG", IsSource = 1, SupportsQosRange = 0, ItemList = "_ITEM_LIST" },
            State = new ServiceState { Value = ServiceStates.Up, AcceptingRequests = 1, Status = RdmState.OpenOk("OK") },
            Load = new ServiceLoad { OpenLimit = 100_000, OpenWindow = 1_000, LoadFactor = 1 },
        };
        service.Info.Capabilities.AddRange([DomainTypes.Dictionary, DomainTypes.MarketPrice, DomainTypes.MarketByOrder]);
        service.Info.DictionariesProvided.AddRange([DictionaryNames.Field, DictionaryNames.EnumType]);
        service.Info.DictionariesUsed.AddRange([DictionaryNames.Field, DictionaryNames.EnumType]);
        service.Info.QosList.Add(new Qos(QosTimeliness.Realtime, QosRates.TickByTick));
        refresh.Services.Add(service);
        refresh.Services.Add(new Service { ServiceId = 300, Action = MapEntryActions.Delete });

        byte[] encoded = RdmTestSupport.Encode(refresh.Encode);
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(encoded, out Msg msg));
        Assert.Equal(DataTypes.Map, msg.ContainerType);
        var decoded = new DirectoryRefresh();
        Assert.Equal(CodecReturnCode.Success, decoded.Decode(msg));

        Assert.Equal(refresh.Filter, decoded.Filter);
        Assert.Equal(refresh.State, decoded.State);
        Assert.Equal(2, decoded.Services.Count);
        Service first = decoded.Services[0];
        Assert.Equal("DIRECT_FEED", first.Info!.ServiceName);
        Assert.Equal("LSEG", first.Info.Vendor);
        Assert.Equal(service.Info.Capabilities, first.Info.Capabilities);
        Assert.Equal(service.Info.DictionariesProvided, first.Info.DictionariesProvided);
        Assert.Equal(service.Info.DictionariesUsed, first.Info.DictionariesUsed);
        Assert.Equal(service.Info.QosList, first.Info.QosList);
        Assert.Equal("_ITEM_LIST", first.Info.ItemList);
        Assert.Equal(1ul, first.State!.AcceptingRequests);
        Assert.Equal(RdmState.OpenOk("OK"), first.State.Status);
        Assert.Equal(100_000ul, first.Load!.OpenLimit);
        Assert.Equal(1_000ul, first.Load.OpenWindow);
        Assert.Equal(MapEntryActions.Delete, decoded.Services[1].Action);
        Assert.Equal(300, decoded.Services[1].ServiceId);
    }

    [Fact]
    public void FiltersNotRequestedAreNotSent()
    {
        var refresh = new DirectoryRefresh { Filter = ServiceFilterFlags.State };
        refresh.Services.Add(new Service { ServiceId = 1, Info = new ServiceInfo { ServiceName = "X" }, State = new ServiceState() });
        byte[] encoded = RdmTestSupport.Encode(refresh.Encode);
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(encoded, out Msg msg));
        var decoded = new DirectoryRefresh();
        Assert.Equal(CodecReturnCode.Success, decoded.Decode(msg));
        Assert.Null(decoded.Services[0].Info);
        Assert.NotNull(decoded.Services[0].State);
    }

    [Fact]
    public void UpdateCarriesServiceStateChanges()
    {
        var update = new DirectoryUpdate { StreamId = 2, SeqNum = 3 };
        update.Services.Add(new Service
        {
            ServiceId = 1,
            Action = MapEntryActions.Update,
            State = new ServiceState { Value = ServiceStates.Down, AcceptingRequests = 0, Status = new RdmState(StreamStates.Open, DataStates.Suspect, 0, "down") },
        });
        byte[] encoded = RdmTestSupport.Encode(update.Encode);
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(encoded, out Msg msg));
        Assert.Equal(MsgClass.Update, msg.MsgClass);
        Assert.Equal(CodecReturnCode.Failure, new DirectoryRefresh().Decode(msg));

        var decoded = new DirectoryUpdate();
        Assert.Equal(CodecReturnCode.Success, decoded.Decode(msg));
        Assert.Equal(3u, decoded.SeqNum);
        Service service = Assert.Single(decoded.Services);
        Assert.Equal(MapEntryActions.Update, service.Action);
        Assert.Null(service.Info);
        Assert.Equal(ServiceStates.Down, service.State!.Value);
        Assert.Equal(0ul, service.State.AcceptingRequests);
        Assert.Equal("down", service.State.Status!.Value.Text);
    }

    [Fact]
    public void RequestRoundTrips()
    {
        var request = new DirectoryRequest { StreamId = 2, Filter = ServiceFilterFlags.Info | ServiceFilterFlags.State, ServiceId = 9 };
        byte[] encoded = RdmTestSupport.Encode(request.Encode);
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(encoded, out Msg msg));
        Assert.Equal(DomainTypes.Source, msg.DomainType);
        Assert.Equal(RequestMsgFlags.Streaming, msg.RequestFlags);

        var decoded = new DirectoryRequest();
        Assert.Equal(CodecReturnCode.Success, decoded.Decode(msg));
        Assert.Equal(request.Filter, decoded.Filter);
        Assert.Equal(9, decoded.ServiceId);
        Assert.True(decoded.Streaming);
    }
}
