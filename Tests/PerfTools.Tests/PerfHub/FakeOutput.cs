using PerfTools.PerfHub.Network;
using PerfTools.PerfHub.Routing;

namespace PerfTools.Tests.PerfHub;

/// <summary>An in-memory output for router tests: keeps every message sent, in preallocated space once warmed up.</summary>
internal sealed class FakeOutput : IMessageOutput
{
    private readonly byte[] _space = new byte[64 * 1024];
    private readonly List<byte[]> _sent = [];

    /// <summary>Keep copies of what is sent (off for allocation measurements).</summary>
    public bool Keep { get; set; } = true;

    public int Count { get; private set; }

    /// <summary>Buffers left before <see cref="Reserve"/> finds none, as a full channel's would; null: unbounded.</summary>
    public int? FreeBuffers { get; set; }

    public IReadOnlyList<byte[]> Sent => _sent;

    public Span<byte> Reserve(int maxLength) =>
        FreeBuffers == 0 ? default : _space.AsSpan(0, Math.Min(maxLength, _space.Length));

    public bool Send(int length)
    {
        FreeBuffers--;
        Count++;
        if (Keep)
            _sent.Add(_space.AsSpan(0, length).ToArray());
        return true;
    }

    public void Cancel()
    {
    }

    /// <summary>Bytes sent that a channel would still hold for its socket (set by tests).</summary>
    public int Backlog { get; set; }

    public bool HasBacklogUnder(int bytes) => Backlog < bytes;

    public void Dropped() => DroppedCount++;

    public int DroppedCount { get; private set; }

    /// <summary>A peer of <paramref name="role"/> whose channel is a new FakeOutput, made active on the router.</summary>
    public static (Peer Peer, FakeOutput Output) Connect(HubRouter router, ChannelRole role)
    {
        var output = new FakeOutput();
        var peer = new Peer(output, role, role.ToString());
        router.OnActive(peer);
        return (peer, output);
    }

    public void Clear()
    {
        _sent.Clear();
        Count = 0;
    }
}
