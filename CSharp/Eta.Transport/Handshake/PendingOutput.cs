using Eta.Transport.Io;

namespace Eta.Transport.Handshake;

/// <summary>A handshake message being sent; a non-blocking socket may take it in several calls.</summary>
internal sealed class PendingOutput
{
    private readonly byte[] _data = new byte[1024];
    private int _start;
    private int _end;

    public bool IsEmpty => _start == _end;

    /// <summary>Space to encode the next message into; commit it with <see cref="Commit"/>.</summary>
    public Span<byte> Space => _data.AsSpan(_end);

    public void Commit(int length) => _end += length;

    /// <summary>Sends what the socket accepts; true when everything went out.</summary>
    public bool TrySend(IChannelStream stream)
    {
        while (_start < _end)
        {
            int sent = stream.Write(_data.AsSpan(_start, _end - _start));
            if (sent <= 0)
                return false;
            _start += sent;
        }
        _start = _end = 0;
        return true;
    }

    public void Clear() => _start = _end = 0;
}
