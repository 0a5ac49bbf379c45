using System.Buffers;
using System.Text;

namespace Eta.Codec;

/// <summary>
/// A string's wire bytes (one byte per char) in caller-provided scratch space, or in a pooled array when the
/// string is longer; dispose to return the pooled array. Lets encoders write text without allocating.
/// </summary>
internal ref struct Latin1Bytes
{
    private byte[]? _rented;

    public Latin1Bytes(string text, Span<byte> scratch)
    {
        Span<byte> target = text.Length <= scratch.Length
            ? scratch
            : (_rented = ArrayPool<byte>.Shared.Rent(text.Length));
        Bytes = target[..Encoding.Latin1.GetBytes(text, target)];
    }

    public ReadOnlySpan<byte> Bytes { get; }

    public void Dispose()
    {
        if (_rented is not null)
            ArrayPool<byte>.Shared.Return(_rented);
        _rented = null;
    }
}
