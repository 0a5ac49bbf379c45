namespace Eta.Transport.Ripc;

/// <summary>The one-byte compression bitmap of a ConnectReq: bit 0x01 zlib, bit 0x02 lz4.</summary>
internal static class CompressionBitmap
{
    public static byte For(CompressionType type) => type switch
    {
        CompressionType.Zlib => 0x01,
        CompressionType.Lz4 => 0x02,
        _ => 0x00,
    };

    /// <summary>The first type offered in the bitmap (LSEG's scan order: zlib, then lz4).</summary>
    public static CompressionType FirstOffered(byte bitmap) =>
        (bitmap & 0x01) != 0 ? CompressionType.Zlib
        : (bitmap & 0x02) != 0 ? CompressionType.Lz4
        : CompressionType.None;
}
