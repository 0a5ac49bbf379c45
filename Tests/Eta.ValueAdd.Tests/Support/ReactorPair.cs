using Eta.Codec;
using Eta.Codec.Rdm;
using Eta.TestSupport;
using Eta.Transport;
using Xunit;

namespace Eta.ValueAdd.Tests.Support;

/// <summary>
/// A provider reactor listening on an ephemeral loopback port and a consumer reactor, both driven from the test's
/// thread by <see cref="RunUntil"/> (a bounded wait on a condition, never a sleep).
/// </summary>
internal sealed class ReactorPair : IDisposable
{
    public static readonly TimeSpan Deadline = TimeSpan.FromSeconds(20);

    private Server? _server;

    public ReactorPair(bool serveDictionary = true, int pingTimeout = 60)
    {
        ProviderRole = new ProviderRole(ProviderSide) { Dictionary = serveDictionary ? RepoDictionary() : null };
        ProviderRole.Services.Add(Services.DirectFeed());
        PingTimeout = pingTimeout;
        StartProvider();
    }

    public Recorder ProviderSide { get; } = new();
    public Recorder ConsumerSide { get; } = new();
    public ProviderRole ProviderRole { get; }
    public Reactor Provider { get; private set; } = null!;
    public Reactor Consumer { get; } = new();
    public int Port { get; private set; }
    private int PingTimeout { get; }

    /// <summary>Binds (again) on <see cref="Port"/> (0 the first time: an ephemeral port).</summary>
    public void StartProvider()
    {
        Provider = new Reactor();
        _server = Transport.Transport.Bind(new BindOptions { Port = Port, PingTimeout = PingTimeout, MinPingTimeout = 1 }, out TransportError? error)
            ?? throw new InvalidOperationException("bind failed: " + error);
        Port = _server.Port;
        Provider.Listen(_server, ProviderRole);
    }

    /// <summary>Closes the server and every provider channel: the consumer sees its connection drop.</summary>
    public void StopProvider()
    {
        if (_server is null)
            return;
        Provider.Dispose();
        _server.Close();
        _server = null;
    }

    public ReactorChannel ConnectConsumer(ConsumerRole role, int reconnectLimit = 0, int minDelayMs = 100, int maxDelayMs = 400) =>
        Consumer.Connect(new ReactorConnectOptions
        {
            Connect = new ConnectOptions { Host = "127.0.0.1", Port = Port, PingTimeout = PingTimeout },
            ReconnectAttemptLimit = reconnectLimit,
            ReconnectMinDelayMs = minDelayMs,
            ReconnectMaxDelayMs = maxDelayMs,
        }, role);

    public ConsumerRole NewConsumerRole(DictionaryDownloadMode download = DictionaryDownloadMode.FirstAvailable) => new(ConsumerSide)
    {
        LoginRequest = new LoginRequest { UserName = "reactor-test" },
        DirectoryRequest = new DirectoryRequest(),
        DictionaryDownload = download,
    };

    /// <summary>Dispatches both reactors until <paramref name="condition"/> holds; fails after <see cref="Deadline"/>.</summary>
    public void RunUntil(Func<bool> condition, string what)
    {
        var clock = System.Diagnostics.Stopwatch.StartNew();
        while (!condition())
        {
            Assert.True(clock.Elapsed < Deadline, $"timed out waiting for {what}; consumer events [{string.Join(", ", ConsumerSide.Events)}], errors [{string.Join(" | ", ConsumerSide.Errors)}]");
            Consumer.Dispatch(1);
            if (_server is not null)
                Provider.Dispatch(1);
        }
    }

    public static DataDictionary RepoDictionary()
    {
        string etc = Path.Combine(ReferenceData.RepoRoot, "etc");
        var dictionary = new DataDictionary();
        Assert.Equal(CodecReturnCode.Success, dictionary.LoadFieldDictionary(Path.Combine(etc, "RDMFieldDictionary"), out DictionaryError? error));
        Assert.Equal(CodecReturnCode.Success, dictionary.LoadEnumTypeDictionary(Path.Combine(etc, "enumtype.def"), out error));
        return dictionary;
    }

    public void Dispose()
    {
        Consumer.Dispose();
        StopProvider();
    }
}
