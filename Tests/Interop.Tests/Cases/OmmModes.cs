using Xunit;

namespace Interop.Tests.Cases;

/// <summary>
/// The ConsPerf/ProvPerf variations run in both directions: the consumer's and the provider's extra options for each,
/// whether the consumer measures update latency in steady state, how many items it asks for, whether the
/// connection is TLS (the case then makes a certificate and adds each side's own options for it), and a steady-state
/// time of its own (which is also the consumer's limit for receiving every image). <see cref="Compression"/> is the
/// compression LSEG C's tool must report for the channel it ran on ("compressionType: zlib" in its channel info), so a
/// compression case cannot pass uncompressed.
/// </summary>
public sealed record OmmMode(string Name, string[] Consumer, string[] Provider, bool Latency = true, int Items = 100, bool Tls = false,
    int? SteadyStateSeconds = null, string? Compression = null)
{
    /// <summary>True for the WebSocket modes (LSEG's server logs a WebSocket peer's end of stream differently).</summary>
    public bool WebSocket => Name.StartsWith("websocket", StringComparison.Ordinal);

    public const string Plain = "plain";
    public const string PostingAndGeneric = "posting+generic";
    public const string Snapshot = "snapshot";
    public const string Reactor = "reactor";
    public const string Watchlist = "watchlist";
    public const string Lz4 = "lz4";
    public const string Zlib = "zlib";
    public const string Encrypted = "encrypted";
    public const string Idle = "idle";
    public const string WebSocketRwf = "websocket-rwf";
    public const string WebSocketJson = "websocket-json";
    public const string WebSocketJsonManyItems = "websocket-json-100k";

    private static readonly OmmMode[] s_all =
    [
        new(Plain, [], []),
        new(PostingAndGeneric,
            ["-postingRate", "1000", "-postingLatencyRate", "10", "-genericMsgRate", "1000", "-genericMsgLatencyRate", "10"],
            ["-genericMsgRate", "1000", "-genericMsgLatencyRate", "10"]),
        // Snapshots only: the run lasts as long as the requests do (12,000 items at 1,000 a second), long enough for
        // pings to cross; the steady-state time is the consumer's limit for the images.
        new(Snapshot, ["-snapshot", "-requestRate", "1000"], [], Latency: false, Items: 12_000, SteadyStateSeconds: 40),
        new(Reactor, ["-reactor"], ["-reactor"]),
        new(Watchlist, ["-watchlist"], []),
        // LSEG C's rsslConsPerf and rsslProvPerf read -compressionType as a number (RsslCompTypes: 1 zlib, 2 lz4) and a
        // word as 0, none (given "zlib" they ran these cases uncompressed); ours read both forms. zlib is negotiated with
        // ours both ways. An lz4 request is not: LSEG C 3.7.2 as built here negotiates none for it, with its own tools as
        // with ours, so the lz4 case proves that both sides fall back to an uncompressed channel and run on it.
        new(Lz4, ["-compressionType", "2"], ["-compressionType", "2"], Compression: "none"),
        new(Zlib, ["-compressionType", "1"], ["-compressionType", "1"], Compression: "zlib"),
        new(Encrypted, [], [], Tls: true),
        // No updates: once the images are out both sides are idle, so the provider's pings cross too (a busy sender
        // sends none: its data keeps the channel alive).
        new(Idle, [], ["-updateRate", "0", "-latencyUpdateRate", "0"], Latency: false),
        // WebSocket, rssl.rwf: the RIPC session inside binary frames, on the provider's RSSL port (both ProvPerfs
        // refuse upgrades without -pl).
        new(WebSocketRwf, ["-connType", "websocket", "-pl", "rssl.rwf"], ["-pl", "rssl.rwf"]),
        // WebSocket, tr_json2: LSEG's JSON message model in text frames, LSEG's JSON pings ({"Type":"Ping"}) answered
        // with pongs; the provider lists both sub-protocols, as in LSEG's own measurement ("tr_json2 rssl.rwf").
        new(WebSocketJson, ["-connType", "websocket", "-pl", "tr_json2"], ["-pl", "tr_json2 rssl.rwf"]),
        // tr_json2 with 100,000 items, as the benchmark asks: 100,000 JSON requests and images, more than any pool of
        // output buffers holds, so a buffer not given back per message shows here (the 100-item mode never runs out).
        // LSEG C's consumer takes its steady-state time as its limit for the images too: alone it has them in 3-4 s,
        // but beside the rest of the suite on two cores one CI run saw it miss 10 s, so this mode gives it 25.
        new(WebSocketJsonManyItems, ["-connType", "websocket", "-pl", "tr_json2"], ["-pl", "tr_json2 rssl.rwf"], Items: 100_000,
            SteadyStateSeconds: 25),
    ];

    public static OmmMode Named(string name) => s_all.Single(m => m.Name == name);

    public static TheoryData<string> Names(params string[] except) =>
        new(s_all.Select(m => m.Name).Where(n => !except.Contains(n)));
}
