namespace Eta.Transport;

/// <summary>
/// Compression a channel may negotiate. The values are the RIPC wire values carried in the
/// connection request and acknowledgement (ETA's CompressionType NONE=0, ZLIB=1, LZ4=2).
/// </summary>
public enum CompressionType : byte
{
    None = 0,
    Zlib = 1,
    Lz4 = 2,
}
