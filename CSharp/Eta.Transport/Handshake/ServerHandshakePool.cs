namespace Eta.Transport.Handshake;

/// <summary>
/// The server handshakes (with their buffers) a server lends its accepted connections: a client that sends garbage
/// or stalls costs its handshake's buffers only while it is open, and the next connection reuses them. Rented on the
/// accepting thread, returned by whichever thread ends the handshake (a reactor's, or the closing one), so it locks.
/// </summary>
internal sealed class ServerHandshakePool
{
    /// <summary>
    /// A ConnectReq (with a ClientKey) is a few hundred bytes; the buffer grows for a longer frame, and a handshake
    /// whose buffer grew is not kept, so the pool holds only buffers of this size.
    /// </summary>
    public const int InputSize = 1024;

    // Enough for a burst of that many handshakes in progress at once; beyond it, the extra ones are left to the GC.
    private const int MaxKept = 1024;

    private readonly Stack<ServerHandshake> _free = new();
    private readonly Lock _lock = new();

    /// <summary>Handshakes waiting to be lent.</summary>
    public int FreeCount
    {
        get
        {
            lock (_lock)
                return _free.Count;
        }
    }

    public ServerHandshake Rent(BindOptions bind, bool nakMount, Io.IChannelStream stream)
    {
        ServerHandshake? handshake;
        lock (_lock)
            _free.TryPop(out handshake);
        handshake ??= new ServerHandshake(InputSize);
        handshake.Begin(bind, nakMount, stream);
        return handshake;
    }

    public void Return(ServerHandshake handshake)
    {
        handshake.End();
        if (handshake.Input.Capacity != InputSize)
            return;
        lock (_lock)
        {
            if (_free.Count < MaxKept)
                _free.Push(handshake);
        }
    }
}
