using System.Net.Sockets;
using Eta.Codec;
using Eta.Codec.Rdm;
using Eta.Transport;
using PerfTools.Common.Omm;
using PerfTools.Common.Timing;

namespace PerfTools.Tests.NIProvPerf;

/// <summary>
/// A minimal stand-in for the hub (ADH) a non-interactive provider publishes to, written directly on the codec and
/// transport: accepts connections, answers each login request with a login refresh, and records what arrives (the
/// login, the directory refresh, item refreshes by stream id, updates and their TIM_TRK_1 stamps). Each connection
/// is served by its own thread; tests wait on the recorded state with a bounded deadline.
/// </summary>
internal sealed class TestNIReceiver : IDisposable
{
    private readonly Server _server;
    private readonly CancellationTokenSource _stop = new();
    private readonly List<Thread> _threads = [];
    private readonly List<Publisher> _publishers = [];
    private readonly Thread _acceptor;

    private TestNIReceiver(Server server)
    {
        _server = server;
        _acceptor = new Thread(AcceptLoop) { IsBackground = true, Name = "test NI receiver accept" };
        _acceptor.Start();
    }

    public int Port => _server.Port;

    /// <summary>Listens on a free port of 127.0.0.1 (any interface with <paramref name="tls"/>, for "localhost").</summary>
    public static TestNIReceiver Start(ServerTlsOptions? tls = null)
    {
        Transport.Initialize(new InitArgs { GlobalLocking = true });
        Server? server = Transport.Bind(new BindOptions
        {
            Port = 0,
            InterfaceName = tls is null ? "127.0.0.1" : null,
            ConnectionType = tls is null ? ConnectionType.Socket : ConnectionType.Encrypted,
            Tls = tls,
        }, out TransportError? error);
        if (server is null)
            throw new InvalidOperationException($"bind failed: {error}");
        return new TestNIReceiver(server);
    }

    /// <summary>The connections accepted so far, in order.</summary>
    public IReadOnlyList<Publisher> Publishers
    {
        get
        {
            lock (_publishers)
                return _publishers.ToArray();
        }
    }

    /// <summary>Waits until <paramref name="count"/> connections were accepted; fails the test at the deadline.</summary>
    public IReadOnlyList<Publisher> WaitForPublishers(int count, TimeSpan timeout)
    {
        lock (_publishers)
        {
            DateTime deadline = DateTime.UtcNow + timeout;
            while (_publishers.Count < count)
            {
                TimeSpan left = deadline - DateTime.UtcNow;
                if (left <= TimeSpan.Zero || !Monitor.Wait(_publishers, left))
                    throw new TimeoutException($"{_publishers.Count} of {count} publishers connected");
            }
            return _publishers.ToArray();
        }
    }

    private void AcceptLoop()
    {
        while (!_stop.IsCancellationRequested)
        {
            try
            {
                if (!_server.Socket.Poll(10_000, SelectMode.SelectRead))
                    continue;
            }
            catch (Exception e) when (e is SocketException or ObjectDisposedException)
            {
                return;
            }
            Channel? channel = _server.Accept();
            if (channel is null)
                continue;
            var publisher = new Publisher(channel);
            var thread = new Thread(() => publisher.Serve(_stop.Token)) { IsBackground = true, Name = "test NI receiver" };
            lock (_publishers)
            {
                _publishers.Add(publisher);
                _threads.Add(thread);
                Monitor.PulseAll(_publishers);
            }
            thread.Start();
        }
    }

    public void Dispose()
    {
        _stop.Cancel();
        _acceptor.Join();
        foreach (Thread thread in _threads)
            thread.Join();
        _server.Close();
        Transport.Uninitialize();
    }

    /// <summary>One connected non-interactive provider and what it sent.</summary>
    internal sealed class Publisher
    {
        private readonly Channel _channel;
        private readonly object _gate = new();
        private readonly Dictionary<int, string> _refreshes = [];
        private bool _moreBuffered;
        private bool _disconnectRequested;

        public Publisher(Channel channel) => _channel = channel;

        public LoginRequest? Login { get; private set; }

        public int DirectoryStreamId { get; private set; }

        public bool DirectorySolicited { get; private set; }

        public DirectoryRefresh? Directory { get; private set; }

        /// <summary>Item refreshes received, by stream id: the item name.</summary>
        public IReadOnlyDictionary<int, string> Refreshes
        {
            get
            {
                lock (_gate)
                    return new Dictionary<int, string>(_refreshes);
            }
        }

        public int RefreshCount
        {
            get
            {
                lock (_gate)
                    return _refreshes.Count;
            }
        }

        public long Updates { get; private set; }

        public long LatencyUpdates { get; private set; }

        /// <summary>Problems seen (a second refresh for a stream, an update before its refresh, a bad stamp, ...).</summary>
        public List<string> Problems { get; } = [];

        /// <summary>The connection ended (the provider closed it, or <see cref="Disconnect"/>).</summary>
        public bool Closed { get; private set; }

        /// <summary>Waits until <paramref name="condition"/> holds (checked under the lock after every message).</summary>
        public void WaitUntil(Func<Publisher, bool> condition, TimeSpan timeout, string what)
        {
            lock (_gate)
            {
                DateTime deadline = DateTime.UtcNow + timeout;
                while (!condition(this))
                {
                    TimeSpan left = deadline - DateTime.UtcNow;
                    if (left <= TimeSpan.Zero || !Monitor.Wait(_gate, left))
                        throw new TimeoutException($"timed out waiting for {what}: {RefreshCount} refreshes, {Updates} updates, closed {Closed}");
                }
            }
        }

        /// <summary>Closes the connection from the hub's side (its serving thread does it).</summary>
        public void Disconnect()
        {
            lock (_gate)
                _disconnectRequested = true;
        }

        public void Serve(CancellationToken stop)
        {
            try
            {
                while (!stop.IsCancellationRequested && !Closed)
                {
                    lock (_gate)
                    {
                        if (_disconnectRequested)
                            break;
                    }
                    if (_channel.State == ChannelState.Initializing)
                    {
                        TransportReturnCode rc = _channel.Init();
                        if (rc < TransportReturnCode.Success)
                            break;
                        if (rc == TransportReturnCode.ChanInitInProgress)
                            _channel.Socket.Poll(10_000, SelectMode.SelectRead);
                        continue;
                    }
                    if (!_moreBuffered && !_channel.Socket.Poll(10_000, SelectMode.SelectRead))
                        continue;
                    TransportReturnCode read = _channel.Read(out TransportBuffer? buffer);
                    _moreBuffered = read > TransportReturnCode.Success;
                    if (buffer is not null)
                        OnMessage(buffer.Contents);
                    else if (read is not (> TransportReturnCode.Success or TransportReturnCode.ReadWouldBlock or TransportReturnCode.ReadPing or TransportReturnCode.Success))
                        break;
                }
            }
            catch (Exception e) when (e is SocketException or ObjectDisposedException or IOException)
            {
            }
            finally
            {
                _channel.Close();
                lock (_gate)
                {
                    Closed = true;
                    Monitor.PulseAll(_gate);
                }
            }
        }

        private void OnMessage(ReadOnlySpan<byte> bytes)
        {
            lock (_gate)
            {
                if (MsgDecoder.Decode(bytes, out Msg msg) != CodecReturnCode.Success)
                    Problems.Add("a message does not decode");
                else if (msg.DomainType == DomainTypes.Login && msg.MsgClass == MsgClass.Request)
                    AnswerLogin(msg);
                else if (msg.DomainType == DomainTypes.Source && msg.MsgClass == MsgClass.Refresh)
                    RecordDirectory(msg);
                else if (msg.DomainType == DomainTypes.MarketPrice && msg.MsgClass == MsgClass.Refresh)
                    RecordRefresh(msg);
                else if (msg.DomainType == DomainTypes.MarketPrice && msg.MsgClass == MsgClass.Update)
                    RecordUpdate(msg);
                else
                    Problems.Add($"unexpected {msg.MsgClass} on domain {msg.DomainType}");
                Monitor.PulseAll(_gate);
            }
        }

        private void AnswerLogin(scoped in Msg msg)
        {
            var request = new LoginRequest();
            if (request.Decode(msg) != CodecReturnCode.Success)
            {
                Problems.Add("the login request does not decode");
                return;
            }
            Login = request;
            var refresh = new LoginRefresh { StreamId = request.StreamId, UserName = request.UserName, State = RdmState.OpenOk("Login accepted by the test receiver") };
            if (_channel.GetBuffer(1024, false, out TransportBuffer? buffer) != TransportReturnCode.Success)
            {
                Problems.Add("no buffer for the login refresh");
                return;
            }
            var encoder = new RwfEncoder(buffer!.Data);
            refresh.Encode(ref encoder);
            buffer.Length = encoder.Position;
            _channel.Write(buffer);
            _channel.Flush();
        }

        private void RecordDirectory(scoped in Msg msg)
        {
            var directory = new DirectoryRefresh();
            if (directory.Decode(msg) != CodecReturnCode.Success)
                Problems.Add("the directory refresh does not decode");
            if (Directory is not null)
                Problems.Add("a second directory refresh");
            DirectoryStreamId = msg.StreamId;
            DirectorySolicited = (msg.RefreshFlags & RefreshMsgFlags.Solicited) != 0;
            Directory = directory;
        }

        private void RecordRefresh(scoped in Msg msg)
        {
            if (Directory is null)
                Problems.Add($"item refresh on {msg.StreamId} before the directory");
            if ((msg.RefreshFlags & RefreshMsgFlags.Solicited) != 0)
                Problems.Add($"item refresh on {msg.StreamId} marked solicited");
            if (!msg.Key.HasServiceId || msg.Key.ServiceId != Directory?.Services[0].ServiceId)
                Problems.Add($"item refresh on {msg.StreamId} without the published service id");
            if (!_refreshes.TryAdd(msg.StreamId, System.Text.Encoding.ASCII.GetString(msg.Key.Name)))
                Problems.Add($"a second refresh on {msg.StreamId}");
        }

        private void RecordUpdate(scoped in Msg msg)
        {
            if (!_refreshes.ContainsKey(msg.StreamId))
                Problems.Add($"update on {msg.StreamId} before its refresh");
            Updates++;
            if (LatencyTimestamp.TryFind(msg.EncodedDataBody, LatencyFieldIds.Update, out ulong sent))
            {
                LatencyUpdates++;
                long now = PerfTimestamp.NowMicroseconds();
                if ((long)sent <= 0 || (long)sent > now)
                    Problems.Add($"TIM_TRK_1 {sent} is not a time before now ({now})");
            }
        }
    }
}
