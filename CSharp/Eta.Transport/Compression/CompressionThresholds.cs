namespace Eta.Transport.Compression;

/// <summary>
/// A channel's initial compression threshold for the negotiated type: messages shorter than it go out
/// uncompressed (no RIPC compression flag). ETA uses 30 bytes for zlib and 300 for lz4
/// (ZLIB_COMPRESSION_THRESHOLD / LZ4_COMPRESSION_THRESHOLD in the Java and C# editions' socket channel).
/// <c>IOCtl(CompressionThreshold)</c> may change it later (not below 30). The writer decides once per message:
/// every fragment of a compressed big message is compressed, however short its chunk.
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
