using Eta.Transport.Io;

namespace Eta.Transport.Writing;

/// <summary>
/// Frames taken from the output queues are copied here and sent with as few socket calls as possible;
/// what the socket does not accept stays here, in order, for the next flush. The bytes form a ring (a frame may
/// wrap), so while the socket is backed up, what it takes leaves at the front and new frames arrive behind without
/// the pending bytes being moved to make room.
/// </summary>
internal sealed class StagingBuffer
{
    private readonly byte[] _data;
    private int _head;
    private int _count;

    public StagingBuffer(int capacity) => _data = new byte[capacity];

    public int Pending => _count;

    public int Free => _data.Length - _count;

    public bool IsEmpty => _count == 0;

    /// <summary>Adds <paramref name="frame"/> after the pending bytes; the caller makes sure it fits (<see cref="Free"/>).</summary>
    public void Append(ReadOnlySpan<byte> frame)
    {
        if (frame.Length > Free)
            throw new InvalidOperationException($"A {frame.Length}-byte frame does not fit the {Free} bytes free in the staging area.");
        int tail = _head + _count;
        if (tail >= _data.Length)
            tail -= _data.Length;
        int first = Math.Min(frame.Length, _data.Length - tail);
        frame[..first].CopyTo(_data.AsSpan(tail));
        frame[first..].CopyTo(_data);
        _count += frame.Length;
    }

    /// <summary>
    /// Offers the socket everything pending, once (in two calls when the bytes wrap, the second only when the socket
    /// took all of the first): returns the bytes it took (SocketException on error). What it did not take stays; a
    /// socket that took less than offered has a full send buffer, so no further offer follows.
    /// </summary>
    public int Send(IChannelStream stream)
    {
        if (_count == 0)
            return 0;
        int firstLength = Math.Min(_count, _data.Length - _head);
        int sent = Math.Max(0, stream.Write(_data.AsSpan(_head, firstLength)));
        if (sent == firstLength && _count > firstLength)
            sent += Math.Max(0, stream.Write(_data.AsSpan(0, _count - firstLength)));
        _count -= sent;
        _head = _count == 0 ? 0 : (_head + sent) % _data.Length;
        return sent;
    }

    public void Clear() => _head = _count = 0;
}
