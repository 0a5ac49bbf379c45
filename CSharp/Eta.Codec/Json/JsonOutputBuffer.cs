using System.Buffers;

namespace Eta.Codec.Json;

/// <summary>
/// A growable byte buffer for <see cref="System.Text.Json.Utf8JsonWriter"/> that, unlike ArrayBufferWriter, can be
/// cut back (a message that failed to convert is removed from the payload). Grows by doubling and is then reused,
/// so a converter's steady state allocates nothing.
/// </summary>
internal sealed class JsonOutputBuffer(int initialCapacity) : IBufferWriter<byte>
{
    private byte[] _buffer = new byte[Math.Max(256, initialCapacity)];

    public int WrittenCount { get; private set; }

    public ReadOnlySpan<byte> Written => _buffer.AsSpan(0, WrittenCount);

    public Span<byte> WrittenSpan => _buffer.AsSpan(0, WrittenCount);

    public void Truncate(int length) => WrittenCount = Math.Min(length, WrittenCount);

    public void WriteByte(byte value)
    {
        GetSpan(1)[0] = value;
        WrittenCount++;
    }

    public void Advance(int count) => WrittenCount += count;

    public Memory<byte> GetMemory(int sizeHint = 0)
    {
        Ensure(sizeHint);
        return _buffer.AsMemory(WrittenCount);
    }

    public Span<byte> GetSpan(int sizeHint = 0)
    {
        Ensure(sizeHint);
        return _buffer.AsSpan(WrittenCount);
    }

    private void Ensure(int sizeHint)
    {
        int needed = WrittenCount + Math.Max(sizeHint, 1);
        if (needed <= _buffer.Length)
            return;
        int size = _buffer.Length;
        while (size < needed)
            size *= 2;
        Array.Resize(ref _buffer, size);
    }
}
