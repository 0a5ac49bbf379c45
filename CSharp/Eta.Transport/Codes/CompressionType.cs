namespace Eta.Transport;

/// <summary>Compression negotiated in the RIPC handshake; the values are the wire values.</summary>
public enum CompressionType
{
    None = 0,
    Zlib = 1,
    Lz4 = 2,
}
