using System.Buffers.Binary;
using Eta.Transport.Io;

namespace Eta.Transport.Reading;

/// <summary>
/// One contiguous block the channel reads the socket into (numInputBuffers x fragment size), so a single
/// socket read can bring many frames. Unread bytes are [<see cref="Start"/>, <see cref="End"/>); they are
/// moved to the front only when a partial frame needs the room.
/// </summary>
internal sealed class InputBuffer
{
    private byte[] _data;

    public InputBuffer(int capacity) => _data = new byte[capacity];

    public byte[] Array => _data;

    public int Start { get; private set; }

    public int End { get; private set; }

    public int Count => End - Start;

    public int Capacity => _data.Length;

    public ReadOnlySpan<byte> Unread => _data.AsSpan(Start, Count);

    /// <summary>Length of the frame at <see cref="Start"/> when at least its length field is buffered, else 0.</summary>
    public int PeekFrameLength() =>
        Count >= 2 ? BinaryPrimitives.ReadUInt16BigEndian(_data.AsSpan(Start)) : 0;

    public void Consume(int count)
    {
        Start += count;
        if (Start == End)
            Start = End = 0;
    }

    /// <summary>
    /// True when the last <see cref="Fill"/> took all the space it offered: the stream may well hold more, so
    /// reading again is worth a call without first asking the socket whether it is readable.
    /// </summary>
    public bool LastFillWasFull { get; private set; }

    /// <summary>
    /// Reads once from <paramref name="stream"/> into the free space, making room for a frame of
    /// <paramref name="neededFrameLength"/> bytes (0 when unknown). Returns the stream's result:
    /// &gt;0 bytes read, 0 nothing available, -1 peer closed.
    /// </summary>
    public int Fill(IChannelStream stream, int neededFrameLength)
    {
        int needed = Math.Max(neededFrameLength, 3);
        if (needed > _data.Length)
            Grow(needed);
        // What is left here is at most one partial frame (a read is only needed when no whole frame is buffered):
        // moving it to the front costs little and lets this one read take the whole buffer, not just its tail.
        Compact();
        Span<byte> space = _data.AsSpan(End);
        int read = stream.Read(space);
        LastFillWasFull = read == space.Length;
        if (read > 0)
            End += read;
        return read;
    }

    /// <summary>A buffer of <paramref name="capacity"/> bytes (more if needed) starting with <paramref name="source"/>'s unread bytes.</summary>
    public static InputBuffer CopyOf(InputBuffer source, int capacity)
    {
        var copy = new InputBuffer(Math.Max(capacity, source.Count));
        source.Unread.CopyTo(copy._data);
        copy.End = source.Count;
        return copy;
    }

    /// <summary>Forgets everything buffered (a reused handshake buffer starting on a new connection).</summary>
    public void Clear()
    {
        Start = End = 0;
        LastFillWasFull = false;
    }

    /// <summary>Grows to <paramref name="capacity"/> bytes (handshake buffer to negotiated size), keeping unread data.</summary>
    public void Resize(int capacity)
    {
        if (capacity < Count)
            capacity = Count;
        var data = new byte[capacity];
        Unread.CopyTo(data);
        End = Count;
        Start = 0;
        _data = data;
    }

    private void Grow(int capacity) => Resize(Math.Max(capacity, _data.Length * 2));

    private void Compact()
    {
        if (Start == 0)
            return;
        Buffer.BlockCopy(_data, Start, _data, 0, Count);
        End = Count;
        Start = 0;
    }
}
