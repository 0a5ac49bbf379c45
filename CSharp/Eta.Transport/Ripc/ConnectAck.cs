namespace Eta.Transport.Ripc;

/// <summary>
/// Second handshake leg, server to client, accepting the connection:
/// <code>
///  0 UInt16 message length   6 UInt32 IPC version        14 UInt8 major version   19 [RIPC 14: UInt8 0x08, UInt8 key type,
///  2 UInt8  flags (0x01)    10 UInt16 max user msg size  15 UInt8 minor version        UInt8 key block length, key block]
///  3 UInt8  ext (0x01 ack)  12 UInt8 session flags       16 UInt16 compression type  [RIPC 13+: UInt8 container length,
///  4 UInt8  header len (10) 13 UInt8 ping timeout        18 UInt8 compression level       UInt8+component version]
///  5 UInt8  0
/// </code>
/// The RIPC 14 key block of type 1 is UInt64 P, UInt64 G, UInt64 server public key.
/// </summary>
internal sealed class ConnectAck
{
    public const int HeaderLength = 10;

    public required RipcVersion Version { get; init; }
    public bool ForceCompression { get; init; }
    public int MaxUserMessageSize { get; init; }
    public int SessionFlags { get; init; }
    public int PingTimeout { get; init; }
    public int MajorVersion { get; init; }
    public int MinorVersion { get; init; }
    public CompressionType Compression { get; init; }
    public int CompressionLevel { get; init; }
    /// <summary>Key type sent (RIPC 14 when the client asked for a key exchange), 0 for none.</summary>
    public byte KeyType { get; init; }
    public ulong KeyModulus { get; init; }
    public ulong KeyGenerator { get; init; }
    public ulong ServerPublicKey { get; init; }
    public string ComponentVersion { get; init; } = "";

    public int Encode(Span<byte> destination, bool includeKeyExchange)
    {
        var w = new WireWriter(destination);
        w.UInt16(0);
        w.UInt8(RipcFlags.HasExtendedFlags | (ForceCompression ? RipcFlags.ForceCompression : 0));
        w.UInt8(RipcExtendedFlags.ConnectAck);
        w.UInt8(HeaderLength);
        w.UInt8(0);
        w.UInt32((uint)Version.IpcVersion);
        w.UInt16(MaxUserMessageSize);
        w.UInt8(SessionFlags);
        w.UInt8(PingTimeout);
        w.UInt8(MajorVersion);
        w.UInt8(MinorVersion);
        w.UInt16((int)Compression);
        w.UInt8(CompressionLevel);
        if (includeKeyExchange)
        {
            w.UInt8(ConnectRequest.KeyExchangeFlag);
            w.UInt8(KeyType);
            w.UInt8(KeyExchange.BlockLength);
            w.UInt64(KeyModulus);
            w.UInt64(KeyGenerator);
            w.UInt64(ServerPublicKey);
        }
        if (Version.HasComponentInfo)
        {
            w.UInt8(ComponentVersion.Length + 1);
            w.ShortString(ComponentVersion);
        }
        w.PatchUInt16(0, w.Position);
        return w.Position;
    }

    /// <summary>
    /// Decodes a ConnectAck for the version the client sent. Returns null with the failure code and text
    /// when the message is a ConnectNak, malformed, or for another version.
    /// </summary>
    public static ConnectAck? Decode(ReadOnlySpan<byte> message, RipcVersion version, out TransportReturnCode code, out string error)
    {
        var r = new WireReader(message);
        int messageLength = r.UInt16();
        byte flags = r.UInt8();
        byte ext = (flags & RipcFlags.HasExtendedFlags) != 0 ? r.UInt8() : (byte)0;
        if ((ext & RipcExtendedFlags.ConnectNak) != 0)
        {
            code = TransportReturnCode.ChanInitRefused;
            error = "Error occurred during connection process: the server refused the connection (ConnectNak: '"
                    + ConnectNak.DecodeText(message) + "')";
            return null;
        }
        code = TransportReturnCode.Failure;
        if ((ext & RipcExtendedFlags.ConnectAck) == 0)
        {
            error = $"Error occurred during connection process: expected a ConnectAck, got a frame with flags 0x{flags:X2} ext 0x{ext:X2}";
            return null;
        }
        r.Skip(2); // header length, unused byte
        uint ipcVersion = r.UInt32();
        if (!r.Overrun && ipcVersion != version.IpcVersion)
        {
            code = TransportReturnCode.ChanInitRefused;
            error = $"Error occurred during connection process: incorrect version received from server (IPC version {ipcVersion}, expected {version.IpcVersion} for {version})";
            return null;
        }
        int maxUserMessageSize = r.UInt16();
        int sessionFlags = r.UInt8();
        int pingTimeout = r.UInt8();
        int major = r.UInt8();
        int minor = r.UInt8();
        int compression = r.UInt16();
        int level = r.UInt8();
        byte keyType = 0;
        ulong p = 0, g = 0, serverKey = 0;
        if (version.HasKeyExchange)
        {
            r.Skip(1); // key exchange flag
            keyType = r.UInt8();
            int blockLength = r.UInt8();
            if (keyType == KeyExchange.Type64 && blockLength >= KeyExchange.BlockLength)
            {
                p = r.UInt64();
                g = r.UInt64();
                serverKey = r.UInt64();
                r.Skip(blockLength - KeyExchange.BlockLength);
            }
            else
            {
                keyType = 0;
                r.Skip(blockLength);
            }
        }
        string component = "";
        if (version.HasComponentInfo && r.Remaining > 0)
        {
            int containerLength = r.UInt8();
            if (containerLength > 0)
                component = r.ShortString();
        }
        if (r.Overrun || messageLength != message.Length)
        {
            error = $"Error occurred during connection process: {version} ConnectAck of {message.Length} bytes is truncated or malformed";
            return null;
        }
        if (compression > (int)CompressionType.Lz4)
        {
            error = $"Error occurred during connection process: server wants unknown compression type {compression}";
            return null;
        }
        bool forced = (flags & RipcFlags.ForceCompression) != 0;
        var negotiated = (CompressionType)compression;
        if (forced && negotiated == CompressionType.None)
            negotiated = CompressionType.Zlib; // LSEG: a forced compression without a type means zlib
        if (negotiated == CompressionType.Zlib && level > 9)
        {
            error = $"Error occurred during connection process: server wants zlib at level {level}; zlib levels are 0-9";
            return null;
        }
        if (maxUserMessageSize < RipcLimits.MinFragmentSize)
        {
            error = $"Error occurred during connection process: server offered a max message size of {maxUserMessageSize} bytes";
            return null;
        }
        code = TransportReturnCode.Success;
        error = "";
        return new ConnectAck
        {
            Version = version,
            ForceCompression = forced,
            MaxUserMessageSize = maxUserMessageSize,
            SessionFlags = sessionFlags,
            PingTimeout = pingTimeout,
            MajorVersion = major,
            MinorVersion = minor,
            Compression = negotiated,
            CompressionLevel = level,
            KeyType = keyType,
            KeyModulus = p,
            KeyGenerator = g,
            ServerPublicKey = serverKey,
            ComponentVersion = component,
        };
    }
}
