namespace Eta.Transport.Writing;

/// <summary>
/// FIFO of the written frames of one priority, their bytes copied in back to back as each is written, so the
/// buffer it came from goes back to its pool at once and a flush can hand the socket every frame of the queue
/// in one call. Grows on demand (allocation only then); drained, it starts again at the front.
/// </summary>
internal sealed class OutputQueue
{
    private byte[] _data;
    private int _start;
    private int _end;
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

    public void Enqueue(ReadOnlySpan<byte> frame, bool counted)
    {
        if (_data.Length - _end < frame.Length)
            MakeRoom(frame.Length);
        frame.CopyTo(_data.AsSpan(_end));
        _end += frame.Length;
        if (_frameCount == _frames.Length)
            GrowFrames();
        _frames[(_firstFrame + _frameCount) & (_frames.Length - 1)] = new Frame(frame.Length, counted);
        _frameCount++;
        if (counted)
            _countedFrames++;
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
            _start = _end = _firstFrame = 0;
        return head;
    }

    /// <summary>Removes every frame at once (all of them were sent).</summary>
    public void Clear() => _start = _end = _firstFrame = _frameCount = _countedFrames = 0;

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
