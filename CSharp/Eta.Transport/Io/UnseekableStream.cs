namespace Eta.Transport.Io;

/// <summary>
/// The <see cref="Stream"/> plumbing shared by the adapters this library hands to framework streams
/// (ZLibStream, SslStream): readable and writable, no position or length, nothing buffered to flush, and
/// array writes routed to the span overload each adapter implements.
/// </summary>
internal abstract class UnseekableStream : Stream
{
    public abstract override void Write(ReadOnlySpan<byte> buffer);

    public sealed override void Write(byte[] buffer, int offset, int count) => Write(buffer.AsSpan(offset, count));

    public override void Flush()
    {
    }

    public sealed override bool CanRead => true;
    public sealed override bool CanWrite => true;
    public sealed override bool CanSeek => false;
    public sealed override long Length => throw new NotSupportedException();

    public sealed override long Position
    {
        get => throw new NotSupportedException();
        set => throw new NotSupportedException();
    }

    public sealed override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
    public sealed override void SetLength(long value) => throw new NotSupportedException();
}
