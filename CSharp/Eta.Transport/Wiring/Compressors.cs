using Eta.Transport.Compression;

namespace Eta.Transport.Wiring;

/// <summary>Creates transport-ext's compressors for a negotiated compression type, and tells their thresholds.</summary>
internal static class Compressors
{
    /// <summary>A new compressor for one channel direction, or null for none.</summary>
    public static ICompressor? Create(CompressionType type, int level) =>
        type == CompressionType.None ? null : CompressorFactory.Create(type, level);

    /// <summary>Smallest message worth compressing (ETA: 30 bytes zlib, 300 bytes lz4).</summary>
    public static int Threshold(CompressionType type) => CompressionThresholds.For(type);
}
