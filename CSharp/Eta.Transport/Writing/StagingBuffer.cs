using Eta.Transport.Io;

namespace Eta.Transport.Writing;

/// <summary>
/// Frames taken from the output queues are copied here and sent with as few socket calls as possible;
/// what the socket does not accept stays here, in order, for the next flush.
/// </summary>
internal sealed class StagingBuffer
{
    private readonly byte[] _data;
    private int _sendStart;
    private int _end;

    public StagingBuffer(int capacity) => _data = new byte[capacity];

    public int Pending => _end - _sendStart;

    public int Free => _data.Length - _end + _sendStart;

    public bool IsEmpty => _end == _sendStart;

    public void Append(ReadOnlySpan<byte> frame)
    {
        if (_data.Length - _end < frame.Length)
            Compact();
        frame.CopyTo(_data.AsSpan(_end));
        _end += frame.Length;
    }

    /// <summary>
    /// Offers the socket everything pending, once: returns the bytes it took (SocketException on error). What it
    /// did not take stays; a socket that took less than offered has a full send buffer, so no second offer follows.
    /// </summary>
    public int Send(IChannelStream stream)
    {
        if (_sendStart == _end)
            return 0;
        int sent = Math.Max(0, stream.Write(_data.AsSpan(_sendStart, _end - _sendStart)));
        _sendStart += sent;
        if (_sendStart == _end)
            _sendStart = _end = 0;
        return sent;
    }

    public void Clear() => _sendStart = _end = 0;

    private void Compact()
    {
        if (_sendStart == 0)
            return;
        Buffer.BlockCopy(_data, _sendStart, _data, 0, _end - _sendStart);
        _end -= _sendStart;
        _sendStart = 0;
    }
}
