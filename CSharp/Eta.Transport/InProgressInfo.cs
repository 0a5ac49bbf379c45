using System.Net.Sockets;

namespace Eta.Transport;

/// <summary>Details of an in-progress <see cref="Channel.Init"/> call. Reuse one instance.</summary>
public sealed class InProgressInfo
{
    public InProgressFlags Flags { get; internal set; }

    /// <summary>When <see cref="InProgressFlags.SocketChanged"/> is set: the socket to stop watching.</summary>
    public Socket? OldSocket { get; internal set; }

    internal void Clear()
    {
        Flags = InProgressFlags.None;
        OldSocket = null;
    }
}
