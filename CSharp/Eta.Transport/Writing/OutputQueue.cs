using System.Numerics;
using System.Runtime.CompilerServices;
using Eta.Transport.Buffers;

namespace Eta.Transport.Writing;

/// <summary>
/// FIFO of the written frames of one priority, their bytes back to back in a ring, so a flush hands the socket
/// every frame of the queue in one call (two when the queue wraps: <see cref="FirstBytes"/>, <see cref="SecondBytes"/>).
/// A frame gets here in one of two ways: copied in when written (from a pool buffer), or encoded in place into a
/// <em>reservation</em>, the free space right after the last frame that <see cref="Reserve"/> lends to the channel's
/// one in-place buffer; writing it then only commits its length. A frame never wraps: one that does not fit before
/// the end of the array starts again at its front when the oldest frames have left room there. So while the socket
/// is backed up, frames leave at the front and arrive behind them without a byte being moved (a queue compacted to
/// the front instead moved its whole backlog for each high-water mark of new frames: 12% of a blasting sender's
/// time). Drained, it starts again at the front.
/// <para>
/// The ring also wraps at its <em>reach</em>, the part of the array its backlogs have needed so far (two high-water
/// marks to start with), not at the array's end: a backlog that stays small but never drains would otherwise walk the
/// whole array before wrapping and make the process resident in all of it (31 MB a written priority at TransportPerf's
/// 5,000 buffers; ProvPerf's image burst alone took its peak memory from 119 to 153 MB). The reach grows only when a
/// backlog fills it: into the array's free end, moving the wrapped part behind the rest if need be, never allocating.
/// </para>
/// <para>
/// Sized once, at its first frame: its array holds every frame the channel's output buffers can have queued
/// (<see cref="FullSize"/>), so a backlog that keeps growing never makes it grow. Growing to each new largest backlog
/// instead allocated an array per doubling for as long as the backlog kept growing (up to 1 byte a message in
/// TransportPerf past capacity), and sized only when a backlog first formed, the one allocation could fall in the
/// middle of a measured run (2.6 bytes a message in one 3 M/s run). The array is allocated uninitialised, and a queue
/// that drains starts again at the front, so memory is only committed as far as backlogs reach. Only what the buffers
/// do not bound grows it: uncounted frames (a compressed message's overflow, fragments of a message larger than a
/// fragment when no buffer was free), or buffer counts raised by IOCtl. A priority never written allocates nothing.
/// </para>
/// </summary>
internal sealed class OutputQueue
{
    /// <summary>
    /// Most bytes the queue sizes itself to (64 MB: 10,000 buffers of a 6 KB fragment size); beyond, it doubles as its
    /// backlog needs.
    /// </summary>
    private const long MaxFullSize = 64L << 20;

    /// <summary>The reach a queue starts with: two high-water marks of the guide's default 6,144 bytes.</summary>
    internal const int InitialReach = 2 * 6144;

    private readonly OutputBufferPool _pool;
    private byte[] _data = [];
    /// <summary>
    /// The array a reservation was moved off (see <see cref="Detach"/>): the in-place buffer still points into
    /// it, so it stays untouched until <see cref="TakeBack"/>, and is then kept for the next detach.
    /// </summary>
    private byte[]? _spare;
    // The queued bytes: [_start, _end) or, wrapped, [_start, _wrapEnd) then [0, _end); the free space is after _end
    // (up to the array's end, or, wrapped, up to _start).
    private int _start;
    private int _end;
    private int _wrapEnd;
    private bool _wrapped;
    /// <summary>Where the ring wraps: the part of the array its backlogs have needed so far (see the remarks).</summary>
    private int _reach;
    /// <summary>End of the reservation (at <see cref="_end"/>), or -1 when none is open.</summary>
    private int _reservedEnd = -1;
    // A power of two (ring positions wrap with a mask), enough for a high-water mark of small frames (6144 bytes of
    // 12-byte frames) so a channel written as the perf tools write never grows it.
    private Frame[] _frames = new Frame[512];
    private int _firstFrame;
    private int _frameCount;
    private int _countedFrames;

    /// <param name="pool">The channel's output buffers: their counts bound how many frames can be queued.</param>
    public OutputQueue(OutputBufferPool pool) => _pool = pool;

    /// <summary>One queued frame: its length, and whether it counts against the channel's output buffers.</summary>
    public readonly record struct Frame(int Length, bool Counted);

    public bool IsEmpty => _frameCount == 0;

    public int FrameCount => _frameCount;

    /// <summary>Queued frames that count against the channel's output buffers.</summary>
    public int CountedFrames => _countedFrames;

    /// <summary>The queued bytes from the oldest frame up to the end of the ring's first part.</summary>
    public ReadOnlySpan<byte> FirstBytes => _data.AsSpan(_start, (_wrapped ? _wrapEnd : _end) - _start);

    /// <summary>The queued bytes that follow <see cref="FirstBytes"/> from the front of the array (empty unless the queue wraps).</summary>
    public ReadOnlySpan<byte> SecondBytes => _wrapped ? _data.AsSpan(0, _end) : default;

    /// <summary>Every queued byte.</summary>
    public int ByteCount => _wrapped ? _wrapEnd - _start + _end : _end - _start;

    /// <summary>Bytes the queue has copied inside itself (growing, or moving off a reserved array): diagnostics.</summary>
    public long BytesMoved { get; private set; }

    /// <summary>The part of its array the ring uses (see the remarks): the most of it the queue can have made resident.</summary>
    public int Reach => _reach;

    public Frame Head => _frames[_firstFrame];

    /// <summary>The oldest frame's bytes.</summary>
    public ReadOnlySpan<byte> HeadBytes => _data.AsSpan(_start, Head.Length);

    /// <summary>True while a reservation is open in this queue's current array.</summary>
    public bool HasReservation => _reservedEnd >= 0;

    public void Enqueue(ReadOnlySpan<byte> frame, bool counted)
    {
        if (_reservedEnd >= 0)
            Detach(); // the frame would land on the reservation: move the queue off the reserved array
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
        if (_wrapped && _start == _wrapEnd)
        {
            _start = 0; // the first part is sent: the second is all there is
            _wrapped = false;
        }
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
        _wrapped = false;
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
        int used = ByteCount;
        byte[] target = _spare is { } spare && spare.Length >= used ? spare : GC.AllocateUninitializedArray<byte>(_data.Length);
        _spare = null;
        _reservedEnd = -1;
        MoveTo(target);
    }

    /// <summary>
    /// Makes room for a frame of <paramref name="length"/> bytes at <see cref="_end"/>: where it is, at the front of
    /// the array once the oldest frames have left enough room there, or else in a larger array.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void MakeRoom(int length)
    {
        if (_wrapped ? _start - _end >= length : _reach - _end >= length)
            return;
        if (_frameCount == 0 && length <= _reach)
        {
            _start = _end = 0; // empty, and no reservation is open while room is made
            _wrapped = false;
            return;
        }
        if (!_wrapped && _start >= length)
        {
            _wrapEnd = _end;
            _end = 0;
            _wrapped = true;
            return;
        }
        if (Extend(length))
            return;
        long needed = ByteCount + (long)length;
        bool first = _data.Length == 0;
        long size = FullSize > _data.Length && FullSize >= needed ? FullSize : Math.Max(2L * _data.Length, needed);
        MoveTo(GC.AllocateUninitializedArray<byte>((int)Math.Min(size, Array.MaxLength)));
        _reach = first ? (int)Math.Min(_data.Length, Math.Max(InitialReach, needed)) : _data.Length;
        if (_frames.Length < FullFrameCount)
            ResizeFrames(FullFrameCount);
    }

    /// <summary>
    /// A backlog filled the reach: extends it (doubling) into the array's unused end, first putting a wrapped ring
    /// back in one part (bytes moved only when a backlog is larger than any before); false when the array itself is
    /// too small.
    /// </summary>
    private bool Extend(int length)
    {
        if (ByteCount + (long)length > _data.Length)
            return false;
        if (_wrapped)
            Unwrap();
        long needed = _end + (long)length;
        if (needed > _data.Length)
            return false;
        _reach = (int)Math.Min(_data.Length, Math.Max(2L * _reach, needed));
        return true;
    }

    // The wrapped part [0, _end) behind the first part [_start, _wrapEnd): copied after it when the array has room
    // there, else both rotated to the front in place (first part, then the wrapped one).
    private void Unwrap()
    {
        int first = _wrapEnd - _start;
        if (_wrapEnd + (long)_end <= _data.Length)
        {
            _data.AsSpan(0, _end).CopyTo(_data.AsSpan(_wrapEnd));
            BytesMoved += _end;
            _end += _wrapEnd;
        }
        else
        {
            Span<byte> region = _data.AsSpan(0, _wrapEnd); // wrapped part, gap, first part: rotated left by _start
            region[.._start].Reverse();
            region[_start..].Reverse();
            region.Reverse();
            BytesMoved += 2L * _wrapEnd;
            _start = 0;
            _end += first;
        }
        _wrapped = false;
    }

    /// <summary>
    /// Bytes for every frame the channel's buffers can have queued at once: each counted frame holds a buffer and is
    /// at most a buffer's length; two more buffers' worth cover the end of the array a wrapped frame left unused and
    /// an oldest frame not yet at the front when the array's end is reached (up to <see cref="MaxFullSize"/>).
    /// </summary>
    private long FullSize => Math.Min(MaxFullSize, (_pool.MaxBuffers + 2L) * _pool.ArrayLength);

    /// <summary>Frame records for as many frames as the channel has buffers (a power of two, for the ring's mask).</summary>
    private int FullFrameCount => (int)BitOperations.RoundUpToPowerOf2((uint)Math.Min(_pool.MaxBuffers + 1, 1 << 22));

    // The queued bytes, in order, to the front of `target`, which becomes the queue's array.
    private void MoveTo(byte[] target)
    {
        ReadOnlySpan<byte> first = FirstBytes, second = SecondBytes;
        first.CopyTo(target);
        second.CopyTo(target.AsSpan(first.Length));
        BytesMoved += first.Length + second.Length;
        _data = target;
        _start = 0;
        _end = first.Length + second.Length;
        _wrapped = false;
        _reach = Math.Min(target.Length, Math.Max(_reach, _end));
    }

    private void GrowFrames() => ResizeFrames(Math.Max(2 * _frames.Length, FullFrameCount));

    private void ResizeFrames(int length)
    {
        var larger = new Frame[length];
        for (int i = 0; i < _frameCount; i++)
            larger[i] = _frames[(_firstFrame + i) & (_frames.Length - 1)];
        _frames = larger;
        _firstFrame = 0;
    }
}
