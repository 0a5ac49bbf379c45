using System.Net.Sockets;
using System.Text;
using Eta.Benchmarks.Shared;
using Eta.Codec;
using Eta.Codec.Rdm;
using Eta.Transport;
using Eta.ValueAdd.Watchlist;

namespace Eta.ValueAdd.Benchmarks;

/// <summary>
/// One consumer connection opened through the reactor (with or without the watchlist), whose updates can be taken
/// two ways on the same channel: read directly from the transport channel and decoded (as ConsPerf's direct mode
/// does), or through <see cref="Reactor.Dispatch"/>. Both wait on the socket only when the transport says nothing
/// is buffered, and both hand each message to the same <see cref="UpdateSink"/>.
/// </summary>
internal sealed class Consumer : IDisposable
{
    public const int FirstStreamId = 5;
    private const int WaitMs = 10;
    private static readonly TimeSpan Deadline = TimeSpan.FromMinutes(3);

    private readonly Reactor _reactor = new();
    private readonly ReactorChannel _channel;
    private readonly UpdateSink _sink;

    public Consumer(int port, int itemCount, bool watchlist)
    {
        _sink = new UpdateSink(itemCount);
        var role = new ConsumerRole(_sink)
        {
            LoginRequest = new LoginRequest { UserName = "bench" },
            DirectoryRequest = new DirectoryRequest(),
            DictionaryDownload = DictionaryDownloadMode.None,
        };
        if (watchlist) // as ConsPerf -watchlist sets it up
            role.EnableWatchlist(new WatchlistOptions { RequestTimeout = TimeSpan.Zero, ItemCountHint = itemCount, FirstStreamId = FirstStreamId });
        _channel = _reactor.Connect(new ReactorConnectOptions
        {
            Connect = new ConnectOptions { Host = "127.0.0.1", Port = port, SysRecvBufSize = 1 << 20 },
        }, role);
    }

    /// <summary>Logs in, requests <paramref name="itemCount"/> items and waits for every refresh.</summary>
    public void OpenItems(int itemCount)
    {
        DispatchUntil(() => _sink.Ready, "the channel to be ready");
        for (int i = 0; i < itemCount; i++)
        {
            byte[] name = Encoding.ASCII.GetBytes("RIC" + i);
            var request = Msg.Create(MsgClass.Request, DomainTypes.MarketPrice, FirstStreamId + i);
            request.RequestFlags = RequestMsgFlags.Streaming | RequestMsgFlags.HasQos;
            request.Qos = new Qos(QosTimeliness.Realtime, QosRates.TickByTick);
            request.Key.Flags = MsgKeyFlags.HasServiceId | MsgKeyFlags.HasName;
            request.Key.ServiceId = FeedProvider.ServiceId;
            request.Key.Name = name;
            ReactorReturnCode rc;
            while ((rc = _channel.Submit(request)) is ReactorReturnCode.NoBuffers or ReactorReturnCode.WriteCallAgain)
                Check(_reactor.Dispatch(WaitMs));
            if (rc != ReactorReturnCode.Success)
                throw new InvalidOperationException("request failed: " + _channel.ErrorText);
        }
        DispatchUntil(() => _sink.Refreshes >= itemCount, "every refresh");
    }

    /// <summary>Thread CPU nanoseconds and bytes allocated per update over <paramref name="count"/> updates read from the transport channel directly.</summary>
    public (double CpuNs, double Bytes) ReadDirect(long count)
    {
        Channel channel = _channel.Channel ?? throw new InvalidOperationException("the channel is down: " + _sink.Lost);
        long target = _sink.Updates + count;
        long bytesBefore = GC.GetAllocatedBytesForCurrentThread();
        long start = ThreadCpuClock.NowNanoseconds();
        while (_sink.Updates < target)
        {
            TransportReturnCode rc = channel.Read(out TransportBuffer? buffer);
            if (buffer is not null && MsgDecoder.Decode(buffer.Contents, out Msg msg) == CodecReturnCode.Success)
                _sink.OnMsg(msg);
            if (rc > TransportReturnCode.Success)
                continue;
            if (rc is not (TransportReturnCode.Success or TransportReturnCode.ReadWouldBlock or TransportReturnCode.ReadPing))
                throw new InvalidOperationException("read failed: " + channel.Error.Text);
            channel.Socket.Poll(WaitMs * 1000, SelectMode.SelectRead);
        }
        return PerUpdate(start, bytesBefore, count);
    }

    /// <summary>The same through the reactor's dispatch (and the watchlist, when on).</summary>
    public (double CpuNs, double Bytes) Dispatch(long count)
    {
        long target = _sink.Updates + count;
        long bytesBefore = GC.GetAllocatedBytesForCurrentThread();
        long start = ThreadCpuClock.NowNanoseconds();
        while (_sink.Updates < target)
            Check(_reactor.Dispatch(WaitMs));
        return PerUpdate(start, bytesBefore, count);
    }

    private static (double, double) PerUpdate(long startNs, long bytesBefore, long count) =>
        ((double)(ThreadCpuClock.NowNanoseconds() - startNs) / count, (double)(GC.GetAllocatedBytesForCurrentThread() - bytesBefore) / count);

    private void DispatchUntil(Func<bool> condition, string what)
    {
        var clock = System.Diagnostics.Stopwatch.StartNew();
        while (!condition())
        {
            if (clock.Elapsed > Deadline)
                throw new TimeoutException($"timed out waiting for {what}");
            Check(_reactor.Dispatch(WaitMs));
        }
    }

    private void Check(ReactorReturnCode rc)
    {
        if (rc == ReactorReturnCode.Failure || _sink.Lost is not null)
            throw new InvalidOperationException("dispatch failed: " + (_sink.Lost ?? _channel.ErrorText));
    }

    public void Dispose() => _reactor.Dispose();
}
