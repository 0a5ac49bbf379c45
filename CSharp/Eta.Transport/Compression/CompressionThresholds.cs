namespace Eta.Transport.Compression;

/// <summary>
/// Smallest message a sender compresses; shorter messages go out uncompressed (no RIPC compression flag).
/// ETA uses 30 bytes for zlib and 300 for lz4 (ZLIB_COMPRESSION_THRESHOLD / LZ4_COMPRESSION_THRESHOLD in
/// the Java and C# editions' socket channel). The same rule applies per fragment: the last fragment of a
/// big message, when shorter than the threshold, is sent uncompressed.
/// </summary>
internal static class CompressionThresholds
{
    public const int Zlib = 30;
    public const int Lz4 = 300;

    /// <summary>The threshold for <paramref name="type"/>; <see cref="int.MaxValue"/> for none (never compress).</summary>
    public static int For(CompressionType type) => type switch
    {
        CompressionType.Zlib => Zlib,
        CompressionType.Lz4 => Lz4,
        _ => int.MaxValue,
    };
}
