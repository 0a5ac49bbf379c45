using Eta.Codec;
using Eta.Codec.Rdm;
using PerfTools.Common.Timing;
using PerfTools.Common.Provider;
using PerfTools.ProvPerf.Session;
using PerfTools.ProvPerf.Threads;
using Xunit;

namespace PerfTools.Tests.ProvPerf;

/// <summary>Item requests on one connection: opening, reissues, closes and every reject.</summary>
public class ItemRequestHandlerTests
{
    private readonly ProviderThreadStats _stats = new();
    private readonly RecordingSink _sink = new();
    private readonly ItemRequestHandler _handler;
    private readonly ProviderSession _session;

    public ItemRequestHandlerTests()
    {
        _handler = new ItemRequestHandler(serviceId: 1, openLimit: 2, _stats);
        _session = new ProviderSession("test", _sink, TextWriter.Null, new MessagePacer(0, 0, 1000), null);
    }

    [Fact]
    public void Requests_open_items_until_the_open_limit_then_are_rejected()
    {
        Assert.True(Request(5, "A"));
        Assert.True(Request(6, "B", streaming: false));
        Assert.Equal(2, _session.Items.OpenCount);
        Assert.Empty(_sink.Messages);

        Assert.True(Request(7, "C"));
        AssertRejected(7, StreamStates.ClosedRecover, StateCodes.TooManyItems);
        Assert.Equal(3, _stats.Requests.Total);
    }

    [Fact]
    public void Wrong_service_same_key_on_another_stream_and_other_domains_are_rejected()
    {
        Assert.True(Request(5, "A", serviceId: 9));
        AssertRejected(5, StreamStates.Closed, StateCodes.UsageError);
        Assert.True(Request(5, "A"));
        Assert.True(Request(6, "A"));
        AssertRejected(6, StreamStates.Closed, StateCodes.AlreadyOpen);
        Assert.True(Request(8, "X", domain: DomainTypes.MarketByOrder));
        AssertRejected(8, StreamStates.Closed, StateCodes.UsageError);
        Assert.Equal(1, _session.Items.OpenCount);
    }

    [Fact]
    public void A_reissue_queues_another_refresh_and_a_close_forgets_the_item()
    {
        Assert.True(Request(5, "A"));
        _session.Items.TryDequeueRefresh(out var item);
        _session.Items.RefreshSent(item);
        Assert.Equal(0, _session.Items.RefreshesPending);
        Assert.True(Request(5, "A"));
        Assert.Equal(1, _session.Items.RefreshesPending);
        Assert.True(Request(5, "B"));
        AssertRejected(5, StreamStates.Closed, StateCodes.UsageError);

        Assert.True(Handle(Msg.Create(MsgClass.Close, DomainTypes.MarketPrice, 5)));
        Assert.Equal(0, _session.Items.OpenCount);
        Assert.Equal(1, _stats.Closes.Total);
    }

    private bool Request(int streamId, string name, bool streaming = true, int serviceId = 1, byte domain = DomainTypes.MarketPrice)
    {
        var msg = Msg.Create(MsgClass.Request, domain, streamId);
        msg.RequestFlags = streaming ? RequestMsgFlags.Streaming : RequestMsgFlags.None;
        msg.Key.Flags = MsgKeyFlags.HasServiceId | MsgKeyFlags.HasName;
        msg.Key.ServiceId = serviceId;
        msg.Key.Name = System.Text.Encoding.ASCII.GetBytes(name);
        return Handle(msg);
    }

    // Through the wire, as the provider thread does: encode, decode, handle.
    private bool Handle(scoped in Msg msg)
    {
        byte[] buffer = new byte[256];
        var writer = new RwfWriter(buffer);
        Assert.Equal(CodecReturnCode.Success, MsgEncoder.Encode(ref writer, msg));
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(buffer.AsSpan(0, writer.Position), out Msg decoded));
        return _handler.Handle(_session, decoded);
    }

    private void AssertRejected(int streamId, int streamState, int code)
    {
        byte[] last = _sink.Messages[^1];
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(last, out Msg msg));
        Assert.Equal(MsgClass.Status, msg.MsgClass);
        Assert.Equal(streamId, msg.StreamId);
        Assert.Equal(streamState, msg.State.StreamState);
        Assert.Equal(DataStates.Suspect, msg.State.DataState);
        Assert.Equal(code, msg.State.Code);
        Assert.Contains($"stream id {streamId}", System.Text.Encoding.ASCII.GetString(msg.State.Text));
    }

    private sealed class RecordingSink : IMessageSink
    {
        private readonly byte[] _buffer = new byte[4096];

        public List<byte[]> Messages { get; } = [];

        public Span<byte> Reserve(int maxLength) => _buffer.AsSpan(0, maxLength);

        public bool Send(int length)
        {
            Messages.Add(_buffer.AsSpan(0, length).ToArray());
            return true;
        }

        public void Cancel()
        {
        }
    }
}
