using Xunit;

namespace Interop.Tests.Cases;

/// <summary>
/// The TransportPerf variations run in both directions. In each, our side is the idle one where a side is idle
/// (it sends only pings), so our ping frames reach LSEG's strict reader.
/// </summary>
public sealed record TransportMode(string Name, string[] Server, string[] Client, string[] OurSide, string[] LsegSide, bool ClientLatency,
    string? Compression = null)
{
    public const string Reflect = "reflect";
    public const string OneWay = "one-way";
    public const string Packed = "packed";
    public const string Compressed = "compressed";
    public const string WebSocketRwf = "websocket-rwf";

    /// <summary>True for the WebSocket modes (LSEG's server logs a WebSocket peer's end of stream differently).</summary>
    public bool WebSocket => Name.StartsWith("websocket", StringComparison.Ordinal);

    private static readonly string[] s_publish = ["-msgRate", "10000", "-latencyMsgRate", "100"];
    private static readonly string[] s_idle = ["-msgRate", "0", "-latencyMsgRate", "0"];

    private static readonly TransportMode[] s_all =
    [
        new(Reflect, ["-reflectMsgs"], s_publish, [], [], ClientLatency: true),
        // The publisher is LSEG's and ours only receives, whichever is the server.
        new(OneWay, [], [], s_idle, s_publish, ClientLatency: false),
        // Both publish, ten messages to a buffer (neither edition packs what it reflects).
        new(Packed, [.. s_publish, "-pack", "10"], [.. s_publish, "-pack", "10"], [], [], ClientLatency: true),
        // rsslTransportPerf reads the words (its ConsPerf and ProvPerf only numbers); its channel info must say zlib.
        new(Compressed, ["-reflectMsgs", "-compressionType", "zlib"], [.. s_publish, "-compressionType", "zlib"], [], [], ClientLatency: true,
            Compression: "zlib"),
        // The client connects over WebSocket (rssl.rwf) to the server's RSSL port, which takes upgrades with -pl.
        new(WebSocketRwf, ["-reflectMsgs", "-pl", "rssl.rwf"], [.. s_publish, "-connType", "websocket", "-pl", "rssl.rwf"], [], [], ClientLatency: true),
    ];

    public static TransportMode Named(string name) => s_all.Single(m => m.Name == name);

    public static TheoryData<string> Names() => new(s_all.Select(m => m.Name));
}
