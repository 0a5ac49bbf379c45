namespace Eta.Transport.Compression;

/// <summary>
/// A stream over a block of pinned memory that is attached for the duration of one call and detached
/// afterwards. It lets <see cref="System.IO.Compression.ZLibStream"/> read its input from, or write its
/// output to, the caller's span without copying through an intermediate array and without allocating
/// per message. Reads past the attached bytes return 0 (end of input for this message).
/// </summary>
internal sealed unsafe class AttachedMemoryStream : Stream
{
    private byte* _memory;
    private int _length;
    private int _position;
    private bool _discardWrites;

    /// <summary>Bytes read or written since <see cref="Attach"/>.</summary>
    public int BytesUsed => _position;

    /// <summary>Attaches memory the caller keeps pinned until <see cref="Detach"/>.</summary>
    public void Attach(byte* memory, int length)
    {
        _memory = memory;
        _length = length;
        _position = 0;
    }

    /// <summary>From now on writes are dropped (used while closing: the final stream trailer has no receiver).</summary>
    public void DiscardWrites() => _discardWrites = true;

    public void Detach()
    {
        _memory = null;
        _length = 0;
        _position = 0;
    }

    public override int Read(Span<byte> buffer)
    {
        int count = Math.Min(buffer.Length, _length - _position);
        new ReadOnlySpan<byte>(_memory + _position, count).CopyTo(buffer);
        _position += count;
        return count;
    }

    public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

    public override void Write(ReadOnlySpan<byte> buffer)
    {
        if (_discardWrites)
            return;
        // The compressor sizes the attached output from MaxCompressedLength, so running out is a bug.
        if (buffer.Length > _length - _position)
            throw new InvalidOperationException(
                $"compressed output exceeds the attached buffer ({_length} bytes): MaxCompressedLength is too small");
        buffer.CopyTo(new Span<byte>(_memory + _position, buffer.Length));
        _position += buffer.Length;
    }

    public override void Write(byte[] buffer, int offset, int count) => Write(buffer.AsSpan(offset, count));

    public override void Flush()
    {
    }

    public override bool CanRead => true;
    public override bool CanWrite => true;
    public override bool CanSeek => false;
    public override long Length => throw new NotSupportedException();

    public override long Position
    {
        get => throw new NotSupportedException();
        set => throw new NotSupportedException();
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
    public override void SetLength(long value) => throw new NotSupportedException();
}
