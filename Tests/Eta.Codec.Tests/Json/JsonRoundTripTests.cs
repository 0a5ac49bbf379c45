using System.Text;
using Eta.Codec.Json;
using Eta.Codec.Rdm;
using Eta.Codec.Tests.Messages;
using Eta.Codec.Tests.Rdm;
using Xunit;
using static Eta.Codec.Tests.Json.JsonTestSupport;

namespace Eta.Codec.Tests.Json;

/// <summary>Every message the tools send or read survives RWF → JSON → RWF.</summary>
public class JsonRoundTripTests
{
    [Theory]
    [InlineData(1, "\"Domain\":\"Login\"")]  // LSEG's login refresh
    [InlineData(2, "\"Domain\":\"Source\"")] // LSEG's directory refresh: map of filter lists of element lists with arrays
    [InlineData(3, "\"Fields\":{")]          // LSEG's item refresh
    [InlineData(4, "\"Type\":\"Update\"")]   // LSEG's item update
    public void CapturedLsegMessagesSurviveTheRoundTrip(int index, string expected)
    {
        byte[] captured = VectorFiles.CapturedMessage(index);
        string json = ToJson(captured);
        Assert.Contains(expected, json);
        byte[] back = ToRwf(json);
        Assert.Equal(json, ToJson(back));

        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(captured, out Msg original));
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(back, out Msg converted));
        Assert.Equal(original.MsgClass, converted.MsgClass);
        Assert.Equal(original.StreamId, converted.StreamId);
        Assert.Equal(original.Flags, converted.Flags);
        Assert.Equal(original.EncodedDataBody.Length > 0, converted.EncodedDataBody.Length > 0);
    }

    [Fact]
    public void UpdateWithEveryTypeOfTheToolsMsgDataIsByteIdentical()
    {
        byte[] buffer = new byte[1024];
        var enc = new RwfEncoder(buffer);
        Msg update = Msg.Create(MsgClass.Update, DomainTypes.MarketPrice, 7, DataTypes.FieldList);
        update.UpdateFlags = UpdateMsgFlags.HasSeqNum;
        update.SeqNum = 12;
        update.UpdateType = 1;
        Assert.Equal(CodecReturnCode.EncodeContainer, MsgEncoder.EncodeInit(ref enc, update, out MsgEncodeState state));
        enc.FieldListInit();
        enc.FieldEntry(22, new Real(284856, RealHints.ExponentNeg2));       // BID (Real)
        enc.FieldEntry(30, new Real(-5000, RealHints.Exponent0));           // BIDSIZE (Real; JSON keeps no positive exponent)
        enc.FieldEntry(32, new Real(57132000, RealHints.Exponent0));       // ACVOL_1 (Real)
        enc.FieldEntry(4, new RwfEnum(2));                                  // RDN_EXCHID (Enum)
        enc.FieldEntry(16, new Date(15, 11, 2005));                         // TRADE_DATE (Date)
        enc.FieldEntry(5, new Time(15, 52, 12, 345, 0, 0));                 // TIMACT (Time)
        enc.FieldEntry(3, "Fixed \"quote\" \\ text"u8);                     // DSPLY_NAME (RMTES)
        enc.FieldEntryBlank(25);                                            // ASK blank
        enc.FieldEntry(3902, new UInt(1_732_000_123_456));                  // TIM_TRK_1
        enc.FieldListComplete(true);
        Assert.Equal(CodecReturnCode.Success, MsgEncoder.EncodeComplete(ref enc, ref state, true));
        byte[] rwf = enc.Written.ToArray();

        string json = ToJson(rwf);
        Assert.Equal("{\"ID\":7,\"Type\":\"Update\",\"UpdateType\":\"Quote\",\"SeqNumber\":12,\"Fields\":{\"BID\":2848.56,\"BIDSIZE\":-5000," +
            "\"ACVOL_1\":57132000,\"RDN_EXCHID\":2,\"TRADE_DATE\":\"2005-11-15\",\"TIMACT\":\"15:52:12.345\"," +
            "\"DSPLY_NAME\":\"Fixed \\\"quote\\\" \\\\ text\",\"ASK\":null,\"TIM_TRK_1\":1732000123456}}", json);
        Assert.Equal(Convert.ToHexString(rwf), Convert.ToHexString(ToRwf(json)));
    }

    [Fact]
    public void DirectoryRefreshRoundTrips()
    {
        var refresh = new DirectoryRefresh { StreamId = 2, Filter = ServiceFilterFlags.Info | ServiceFilterFlags.State | ServiceFilterFlags.Load };
        var service = new Service
        {
            ServiceId = 1,
            Info = new ServiceInfo { ServiceName = "DIRECT_FEED", Vendor = "LSEG", IsSource = 1, ItemList = "_ITEM_LIST" },
            State = new ServiceState { Value = ServiceStates.Up, AcceptingRequests = 1, Status = RdmState.OpenOk("OK") },
            Load = new ServiceLoad { OpenLimit = 100_000, OpenWindow = 1_000, LoadFactor = 1 },
        };
        service.Info.Capabilities.AddRange([DomainTypes.Dictionary, DomainTypes.MarketPrice]);
        service.Info.DictionariesProvided.AddRange([DictionaryNames.Field, DictionaryNames.EnumType]);
        service.Info.QosList.Add(new Qos(QosTimeliness.Realtime, QosRates.TickByTick));
        refresh.Services.Add(service);
        refresh.Services.Add(new Service { ServiceId = 300, Action = MapEntryActions.Delete });

        byte[] rwf = RdmTestSupport.Encode(refresh.Encode);
        string json = ToJson(rwf);
        Assert.Contains("\"Map\":{\"KeyType\":\"UInt\",\"Entries\":[{\"Action\":\"Add\",\"Key\":1,\"FilterList\":{", json);
        Assert.Contains("\"Capabilities\":{\"Type\":\"Array\",\"Data\":{\"Type\":\"UInt\",\"Data\":[5,6]}}", json);
        Assert.Contains("\"QoS\":{\"Type\":\"Array\",\"Data\":{\"Type\":\"Qos\",\"Data\":[{\"Timeliness\":\"Realtime\",\"Rate\":\"TickByTick\"}]}}", json);
        Assert.Contains("{\"Action\":\"Delete\",\"Key\":300}", json);

        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(ToRwf(json), out Msg msg));
        var decoded = new DirectoryRefresh();
        Assert.Equal(CodecReturnCode.Success, decoded.Decode(msg));
        Assert.Equal(refresh.Filter, decoded.Filter);
        Assert.Equal(refresh.State, decoded.State);
        Assert.Equal("DIRECT_FEED", decoded.Services[0].Info!.ServiceName);
        Assert.Equal(service.Info.Capabilities, decoded.Services[0].Info!.Capabilities);
        Assert.Equal(service.Info.QosList, decoded.Services[0].Info!.QosList);
        Assert.Equal(100_000ul, decoded.Services[0].Load!.OpenLimit);
        Assert.Equal(RdmState.OpenOk("OK"), decoded.Services[0].State!.Status);
        Assert.Equal(MapEntryActions.Delete, decoded.Services[1].Action);
        Assert.Equal(300, decoded.Services[1].ServiceId);
    }

    [Fact]
    public void LoginRequestRoundTrips()
    {
        var request = new LoginRequest { StreamId = 1, UserName = "perf" };
        request.Attributes.ApplicationId = "256";
        request.Attributes.Position = "127.0.0.1/net";
        request.Attributes.SingleOpen = 1;
        byte[] rwf = RdmTestSupport.Encode(request.Encode);
        string json = ToJson(rwf);
        // LSEG's Websocket API login request shape: {"ID":1,"Domain":"Login","Key":{"Name":..,"Elements":{..}}}.
        Assert.StartsWith("{\"ID\":1,\"Type\":\"Request\",\"Domain\":\"Login\"", json);
        Assert.Contains("\"Key\":{\"Name\":\"perf\",\"Elements\":{\"ApplicationId\":\"256\",\"Position\":\"127.0.0.1/net\"", json);

        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(ToRwf(json), out Msg msg));
        var decoded = new LoginRequest();
        Assert.Equal(CodecReturnCode.Success, decoded.Decode(msg));
        Assert.Equal("perf", decoded.UserName);
        Assert.Equal("256", decoded.Attributes.ApplicationId);
        Assert.Equal("127.0.0.1/net", decoded.Attributes.Position);
        Assert.Equal(1ul, decoded.Attributes.SingleOpen);
        Assert.Equal(Convert.ToHexString(rwf), Convert.ToHexString(ToRwf(json)));
    }

    [Fact]
    public void ItemRequestPostAckGenericStatusAndCloseRoundTrip()
    {
        string[] messages =
        [
            "{\"ID\":5,\"Type\":\"Request\",\"Qos\":{\"Timeliness\":\"Realtime\",\"Rate\":\"TickByTick\"},\"Key\":{\"Service\":1,\"Name\":\"RTR.N\"}}",
            "{\"ID\":5,\"Type\":\"Request\",\"Streaming\":false,\"Priority\":{\"Class\":1,\"Count\":2},\"Key\":{\"Service\":1,\"Name\":\"RTR.N\"}}",
            "{\"ID\":1,\"Type\":\"Post\",\"PostUserInfo\":{\"Address\":\"10.0.0.3\",\"UserID\":7},\"PostID\":9,\"Key\":{\"Service\":1,\"Name\":\"RTR.N\"},\"Ack\":true,\"Fields\":{\"BID\":1.5}}",
            "{\"ID\":1,\"Type\":\"Post\",\"PostUserInfo\":{\"Address\":\"127.0.0.1\",\"UserID\":7},\"PostID\":9,\"Ack\":true,\"Message\":{\"ID\":5,\"Type\":\"Update\",\"UpdateType\":\"Unspecified\",\"PostUserInfo\":{\"Address\":\"127.0.0.1\",\"UserID\":7},\"Fields\":{\"BID\":1.5,\"TIM_TRK_2\":123}}}",
            "{\"ID\":1,\"Type\":\"Ack\",\"AckID\":9,\"NakCode\":\"SymbolUnknown\",\"Text\":\"no such item\"}",
            "{\"ID\":5,\"Type\":\"Generic\",\"SeqNumber\":3,\"Fields\":{\"TIM_TRK_2\":123,\"TIM_TRK_3\":456}}",
            "{\"ID\":5,\"Type\":\"Status\",\"State\":{\"Stream\":\"Closed\",\"Data\":\"Suspect\",\"Code\":\"NotFound\",\"Text\":\"gone\"}}",
            "{\"ID\":5,\"Type\":\"Close\"}",
        ];
        foreach (string json in messages)
            Assert.Equal(json, ToJson(ToRwf(json)));
    }

    [Fact]
    public void ArrayPayloadsCarrySeveralMessagesBothWays()
    {
        var writer = new RwfToJsonConverter(Fields);
        byte[] a = ToRwf("{\"ID\":5,\"Type\":\"Close\"}");
        byte[] b = ToRwf("{\"ID\":6,\"Type\":\"Close\"}");
        Assert.Equal(CodecReturnCode.Success, writer.Append(a));
        Assert.Equal("{\"ID\":5,\"Type\":\"Close\"}", Encoding.UTF8.GetString(writer.Payload));
        Assert.Equal(CodecReturnCode.Success, writer.Append(b));
        string both = Encoding.UTF8.GetString(writer.Payload);
        Assert.Equal("[{\"ID\":5,\"Type\":\"Close\"},{\"ID\":6,\"Type\":\"Close\"}]", both);
        Assert.Equal(both.Length, writer.PayloadLength);

        var reader = new JsonToRwfConverter(Fields);
        JsonMessageReader messages = reader.Read(Encoding.UTF8.GetBytes(both + " "));
        var ids = new List<int>();
        while (messages.Next(out JsonMessageKind kind, out ReadOnlySpan<byte> rwf) == CodecReturnCode.Success)
        {
            Assert.Equal(JsonMessageKind.Rwf, kind);
            Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(rwf, out Msg msg));
            ids.Add(msg.StreamId);
        }
        Assert.Equal([5, 6], ids);
    }

    [Fact]
    public void ExpandedEnumsAsLsegsProvPerfSendsThemReadAsTheirValues()
    {
        // LSEG C ProvPerf over tr_json2 writes enumerated fields as their display text ("CURRENCY":"USD").
        var converter = new JsonToRwfConverter(Fields);
        byte[] rwf = ToRwf("{\"ID\":6,\"Type\":\"Update\",\"Fields\":{\"CURRENCY\":\"USD\",\"RDN_EXCHID\":\"NYS\",\"PRCTCK_1\":\"no such display\"}}", converter);
        Assert.Equal([(15, "840"), (4, "2"), (14, "")], FieldValues(rwf));
        // Again with other texts at the same positions (the converter remembers the last text of each position).
        rwf = ToRwf("{\"ID\":6,\"Type\":\"Update\",\"Fields\":{\"CURRENCY\":\"ALL\",\"RDN_EXCHID\":\"NYS\",\"PRCTCK_1\":\"no such display\"}}", converter);
        Assert.Equal([(15, "8"), (4, "2"), (14, "")], FieldValues(rwf));
    }

    [Fact]
    public void APayloadLargerThanTheConvertersFirstBuffersStillConverts()
    {
        string name = new('x', 250);
        var fields = string.Join(",", Enumerable.Range(0, 120).Select(i => $"\"DSPLY_NAME\":\"{name}{i % 10}\""));
        string json = "{\"ID\":6,\"Type\":\"Refresh\",\"State\":{\"Stream\":\"Open\",\"Data\":\"Ok\"},\"Fields\":{" + fields + "},\"SeqNumber\":9}";
        var converter = new JsonToRwfConverter(Fields);
        byte[] rwf = ToRwf(json, converter);
        Assert.True(rwf.Length > 30_000);
        Assert.Equal(120, FieldValues(rwf).Count);
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(rwf, out Msg msg));
        Assert.Equal(9u, msg.SeqNum); // a member after the payload that went the slow way
        Assert.Equal(Convert.ToHexString(rwf), Convert.ToHexString(ToRwf(json, converter))); // and again, buffers grown
    }
}
