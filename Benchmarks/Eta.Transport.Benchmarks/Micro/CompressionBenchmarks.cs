using BenchmarkDotNet.Attributes;
using Eta.Transport.Compression;

namespace Eta.Transport.Benchmarks.Micro;

/// <summary>
/// One message through the transport's compressors, as a channel does it per message: lz4 compress and
/// decompress (one independent block each), and a zlib round trip (the stream is stateful, so compress and
/// inflate go together). The baseline copies the same bytes, so the ratio column is "times a memcpy".
/// </summary>
[MemoryDiagnoser]
public class CompressionBenchmarks
{
    private byte[] _message = [];
    private byte[] _compressed = [];
    private byte[] _restored = [];
    private int _lz4Length;
    private ICompressor _lz4 = null!;
    private ICompressor _zlibSender = null!;
    private ICompressor _zlibReceiver = null!;

    /// <summary>Message sizes: the guide's 150-byte update packed ~40 to a 6144-byte fragment, and one full fragment.</summary>
    [Params(1000, 6144)]
    public int Size { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _message = RwfLikeBody(Size);
        _lz4 = CompressorFactory.Create(CompressionType.Lz4, 0);
        _zlibSender = CompressorFactory.Create(CompressionType.Zlib, 6);
        _zlibReceiver = CompressorFactory.Create(CompressionType.Zlib, 6);
        _compressed = new byte[Math.Max(_lz4.MaxCompressedLength(Size), _zlibSender.MaxCompressedLength(Size))];
        _restored = new byte[Size];
        _lz4Length = _lz4.Compress(_message, _compressed);
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _lz4.Dispose();
        _zlibSender.Dispose();
        _zlibReceiver.Dispose();
    }

    [Benchmark(Baseline = true, Description = "memcpy")]
    public int Memcpy()
    {
        _message.AsSpan().CopyTo(_restored);
        return _restored[^1];
    }

    [Benchmark(Description = "lz4 compress")]
    public int Lz4Compress() => _lz4.Compress(_message, _compressed);

    [Benchmark(Description = "lz4 decompress")]
    public int Lz4Decompress()
    {
        _lz4.TryDecompress(_compressed.AsSpan(0, _lz4Length), _restored, out int written);
        return written;
    }

    [Benchmark(Description = "zlib 6 compress+inflate")]
    public int ZlibRoundTrip()
    {
        int length = _zlibSender.Compress(_message, _compressed);
        _zlibReceiver.TryDecompress(_compressed.AsSpan(0, length), _restored, out int written);
        return written;
    }

    /// <summary>A field-list-like body: repeated field structure with changing numbers, as market data compresses.</summary>
    private static byte[] RwfLikeBody(int length)
    {
        var body = new byte[length];
        var random = new Random(150);
        for (int i = 0; i < length; i++)
            body[i] = i % 8 < 3 ? (byte)random.Next(256) : (byte)"\x00\x16\x04\x0C\x71\x02\x01"[i % 7];
        return body;
    }
}
