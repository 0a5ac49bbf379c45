using Eta.Transport.Compression;
using Xunit;

namespace Eta.Transport.Tests.Compression;

/// <summary>
/// A sender's and a receiver's compressor for one channel direction, with reusable buffers, so tests
/// push messages through the way a transport does: compress on one side, inflate on the other.
/// </summary>
internal sealed class CompressorPair : IDisposable
{
    private readonly byte[] _compressed;
    private readonly byte[] _restored;

    public CompressorPair(CompressionType type, int level, int maxMessageLength)
    {
        Sender = CompressorFactory.Create(type, level);
        Receiver = CompressorFactory.Create(type, level);
        _compressed = new byte[Sender.MaxCompressedLength(maxMessageLength)];
        _restored = new byte[maxMessageLength];
    }

    public ICompressor Sender { get; }
    public ICompressor Receiver { get; }

    /// <summary>Compresses <paramref name="message"/>; the result is valid until the next call.</summary>
    public ReadOnlySpan<byte> Compress(ReadOnlySpan<byte> message) =>
        _compressed.AsSpan(0, Sender.Compress(message, _compressed));

    /// <summary>Sends <paramref name="message"/> across; false if the receiver rejected it.</summary>
    public bool RoundTrip(ReadOnlySpan<byte> message, out ReadOnlySpan<byte> restored)
    {
        bool ok = Receiver.TryDecompress(Compress(message), _restored, out int written);
        restored = _restored.AsSpan(0, written);
        return ok;
    }

    /// <summary>Asserts that <paramref name="message"/> arrives intact; <paramref name="what"/> names it on failure.</summary>
    public void AssertRoundTrip(ReadOnlySpan<byte> message, string what)
    {
        Assert.True(RoundTrip(message, out ReadOnlySpan<byte> restored), $"{what}: rejected by the receiver");
        Assert.True(message.SequenceEqual(restored), $"{what}: arrived altered");
    }

    public void Dispose()
    {
        Sender.Dispose();
        Receiver.Dispose();
    }
}
