namespace Eta.Transport.Compression;

/// <summary>Creates the compressor for a negotiated compression type (one per channel).</summary>
internal static class CompressorFactory
{
    /// <summary>
    /// The compressor for <paramref name="type"/>; <paramref name="level"/> (0-9) applies to zlib only.
    /// Throws <see cref="ArgumentOutOfRangeException"/> for <see cref="CompressionType.None"/> or an unknown type.
    /// </summary>
    public static ICompressor Create(CompressionType type, int level) => type switch
    {
        CompressionType.Zlib => new ZlibCompressor(level),
        CompressionType.Lz4 => new Lz4Compressor(),
        _ => throw new ArgumentOutOfRangeException(nameof(type), type, "no compressor for this compression type"),
    };
}
