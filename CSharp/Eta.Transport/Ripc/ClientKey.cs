namespace Eta.Transport.Ripc;

/// <summary>
/// Third handshake leg of RIPC 14, client to server:
/// <code>
///  0 UInt16 message length (12, or 4 without key)   2 UInt8 0x08   3 UInt8 key length (8 or 0)   4 [UInt64 client public key]
/// </code>
/// </summary>
internal static class ClientKey
{
    public static int Encode(Span<byte> destination, byte keyType, ulong publicKey)
    {
        var w = new WireWriter(destination);
        bool hasKey = keyType == KeyExchange.Type64;
        w.UInt16(hasKey ? 12 : 4);
        w.UInt8(ConnectRequest.KeyExchangeFlag);
        w.UInt8(hasKey ? 8 : 0);
        if (hasKey)
            w.UInt64(publicKey);
        return w.Position;
    }

    /// <summary>Checks a received ClientKey message; false (with the reason) when malformed.</summary>
    public static bool Validate(ReadOnlySpan<byte> message, out string error)
    {
        var r = new WireReader(message);
        int length = r.UInt16();
        r.Skip(1);
        int keyLength = r.UInt8();
        r.Skip(keyLength);
        if (r.Overrun || length != message.Length || r.Remaining != 0)
        {
            error = $"RIPC14 ClientKey of {message.Length} bytes is malformed (declares {length} bytes, key of {keyLength})";
            return false;
        }
        error = "";
        return true;
    }
}
