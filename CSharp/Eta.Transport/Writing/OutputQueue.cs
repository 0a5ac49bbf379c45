using System.Runtime.CompilerServices;

namespace Eta.Transport.Writing;

/// <summary>
/// FIFO of the written frames of one priority, their bytes back to back, so a flush can hand the socket every
/// frame of the queue in one call. A frame gets here in one of two ways: copied in when written (from a pool
/// buffer), or encoded in place into a <em>reservation</em>, the free space right after the last frame that
/// <see cref="Reserve"/> lends to the channel's one in-place buffer; writing it then only commits its length.
/// Grows on demand (allocation only then); drained, it starts again at the front.
/// </summary>
internal sealed class OutputQueue
{
    private byte[] _data;
    /// <summary>
    /// The array a reservation was moved off (see <see cref="Detach"/>): the in-place buffer still points into
    /// it, so it stays untouched until <see cref="TakeBack"/>, and is then kept for the next detach.
    /// </summary>
    private byte[]? _spare;
    private int _start;
    private int _end;
    /// <summary>End of the reservation (at <see cref="_end"/>), or -1 when none is open.</summary>
    private int _reservedEnd = -1;
    // A power of two (ring positions wrap with a mask), enough for a high-water mark of small frames (6144 bytes of
    // 12-byte frames) so a channel written as the perf tools write never grows it.
    private Frame[] _frames = new Frame[512];
    private int _firstFrame;
    private int _frameCount;
    private int _countedFrames;

    public OutputQueue(int initialCapacity) => _data = new byte[initialCapacity];

    /// <summary>One queued frame: its length, and whether it counts against the channel's output buffers.</summary>
    public readonly record struct Frame(int Length, bool Counted);

    public bool IsEmpty => _frameCount == 0;

    public int FrameCount => _frameCount;

    /// <summary>Queued frames that count against the channel's output buffers.</summary>
    public int CountedFrames => _countedFrames;

    /// <summary>Every queued byte, oldest frame first.</summary>
    public ReadOnlySpan<byte> Bytes => _data.AsSpan(_start, _end - _start);

    public Frame Head => _frames[_firstFrame];

    /// <summary>The oldest frame's bytes.</summary>
    public ReadOnlySpan<byte> HeadBytes => _data.AsSpan(_start, Head.Length);

    /// <summary>True while a reservation is open in this queue's current array.</summary>
    public bool HasReservation => _reservedEnd >= 0;

    public void Enqueue(ReadOnlySpan<byte> frame, bool counted)
    {
        if (_reservedEnd >= 0)
            Detach(); // the frame would land on the reservation: move the queue off the reserved array
        if (_data.Length - _end < frame.Length)
            MakeRoom(frame.Length);
        frame.CopyTo(_data.AsSpan(_end));
        _end += frame.Length;
        Add(frame.Length, counted);
    }

    /// <summary>
    /// Lends the <paramref name="length"/> bytes after the last frame to the in-place buffer: returns the array and
    /// the position of the reservation. Only one reservation is open at a time, in one queue.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public byte[] Reserve(int length, out int position)
    {
        if (_data.Length - _end < length)
            MakeRoom(length);
        position = _end;
        _reservedEnd = _end + length;
        return _data;
    }

    /// <summary>
    /// Makes the first <paramref name="frameLength"/> bytes of the reservation at <paramref name="position"/> of
    /// <paramref name="array"/> the newest frame, in place; false when the reservation is no longer there (the
    /// queue moved off that array, or frames were added since): the caller copies the frame in instead.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryCommit(byte[] array, int position, int frameLength)
    {
        if (_reservedEnd < 0 || position != _end || !ReferenceEquals(array, _data))
            return false;
        _reservedEnd = -1;
        _end += frameLength;
        Add(frameLength, counted: true);
        return true;
    }

    /// <summary>The in-place buffer let go of <paramref name="array"/> (written elsewhere, copied, or released).</summary>
    public void TakeBack(byte[] array)
    {
        if (ReferenceEquals(array, _data))
            _reservedEnd = -1;
        else if (_spare is null && array.Length > 0)
            _spare = array; // the array the queue detached from: reused for the next detach
    }

    /// <summary>Removes the oldest frame and returns it.</summary>
    public Frame Dequeue()
    {
        Frame head = _frames[_firstFrame];
        _firstFrame = (_firstFrame + 1) & (_frames.Length - 1);
        _frameCount--;
        if (head.Counted)
            _countedFrames--;
        _start += head.Length;
        if (_frameCount == 0)
            Reset();
        return head;
    }

    /// <summary>Removes every frame at once (all of them were sent).</summary>
    public void Clear()
    {
        _frameCount = _countedFrames = 0;
        Reset();
    }

    /// <summary>Drops every frame and any reservation (channel close).</summary>
    public void Drop()
    {
        _reservedEnd = -1;
        Clear();
    }

    // Empty: back to the front of the array, unless a reservation holds the bytes after the last frame.
    private void Reset()
    {
        _firstFrame = 0;
        _start = _end = _reservedEnd >= 0 ? _end : 0;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void Add(int length, bool counted)
    {
        if (_frameCount == _frames.Length)
            GrowFrames();
        _frames[(_firstFrame + _frameCount) & (_frames.Length - 1)] = new Frame(length, counted);
        _frameCount++;
        if (counted)
            _countedFrames++;
    }

    /// <summary>
    /// Moves the queued frames to another array (the spare, or a new one the first time) and leaves the reserved
    /// array to the in-place buffer, whose frame is then copied in when written. Only when a frame is added to a
    /// queue with an open reservation: two buffers of one channel outstanding at once.
    /// </summary>
    private void Detach()
    {
        byte[] target = _spare is { } spare && spare.Length >= _end - _start ? spare : new byte[_data.Length];
        _spare = null;
        int used = _end - _start;
        _data.AsSpan(_start, used).CopyTo(target);
        _data = target;
        _start = 0;
        _end = used;
        _reservedEnd = -1;
    }

    private void MakeRoom(int length)
    {
        int used = _end - _start;
        if (_data.Length - used < length)
        {
            var larger = new byte[Math.Max(_data.Length * 2, used + length)];
            _data.AsSpan(_start, used).CopyTo(larger);
            _data = larger;
        }
        else
        {
            Buffer.BlockCopy(_data, _start, _data, 0, used);
        }
        _start = 0;
        _end = used;
    }

    private void GrowFrames()
    {
        var larger = new Frame[_frames.Length * 2];
        for (int i = 0; i < _frameCount; i++)
            larger[i] = _frames[(_firstFrame + i) & (_frames.Length - 1)];
        _frames = larger;
        _firstFrame = 0;
    }
}
