using System.Buffers.Binary;

namespace Eta.Transport.Ripc;

/// <summary>
/// First handshake leg, client to server. Layout (RIPC 14; 11 lacks ProtocolType, 11-12 lack the
/// component containers, only 14 sets the key exchange flag):
/// <code>
///  0 UInt16 message length       7 UInt8 flags (0x08 key exchange)   10 [bitmap bytes]
///  2 UInt8  0 (flags)            8 UInt8 header length                 UInt8 ping timeout, UInt8 session flags,
///  3 UInt32 connection version   9 UInt8 compression bitmap size       [UInt8 protocol type], UInt8 major, UInt8 minor,
///                                                                      UInt8+host name, UInt8+IP address,
///                                                                      [UInt8 container length, UInt8+component version]
/// </code>
/// The header length covers everything up to the IP address (RIPC 13-14) or the whole message (11-12).
/// </summary>
internal sealed class ConnectRequest
{
    public const byte KeyExchangeFlag = 0x08;
    private const int ConnectionVersionOffset = 3;

    public required RipcVersion Version { get; init; }
    public bool KeyExchange { get; init; }
    public CompressionType Compression { get; init; }
    public int PingTimeout { get; init; }
    public int SessionFlags { get; init; }
    public int ProtocolType { get; init; }
    public int MajorVersion { get; init; }
    public int MinorVersion { get; init; }
    public string HostName { get; init; } = "";
    public string IpAddress { get; init; } = "";
    public string ComponentVersion { get; init; } = "";

    public int Encode(Span<byte> destination)
    {
        var w = new WireWriter(destination);
        w.UInt16(0); // length, patched below
        w.UInt8(0);
        w.UInt32((uint)Version.ConnectionVersion);
        w.UInt8(Version.HasKeyExchange ? KeyExchangeFlag : 0);
        int headerLengthOffset = w.Position;
        w.UInt8(0); // header length, patched below
        byte bitmap = CompressionBitmap.For(Compression);
        if (bitmap == 0)
        {
            w.UInt8(0);
        }
        else
        {
            w.UInt8(1);
            w.UInt8(bitmap);
        }
        w.UInt8(PingTimeout);
        w.UInt8(SessionFlags);
        if (Version.HasProtocolType)
            w.UInt8(ProtocolType);
        w.UInt8(MajorVersion);
        w.UInt8(MinorVersion);
        w.ShortString(HostName);
        w.ShortString(IpAddress);
        int headerLength = w.Position;
        if (Version.HasComponentInfo)
        {
            string component = ComponentVersion.Length > RipcLimits.MaxComponentVersionLength
                ? ComponentVersion[..RipcLimits.MaxComponentVersionLength] : ComponentVersion;
            w.UInt8(component.Length + 1);
            w.ShortString(component);
        }
        destination[headerLengthOffset] = (byte)(Version.HeaderLengthIsMessageLength ? w.Position : headerLength);
        w.PatchUInt16(0, w.Position);
        return w.Position;
    }

    /// <summary>
    /// True when <paramref name="start"/> (7 bytes decide) has a ConnectReq's shape, of any RIPC version, older ones
    /// included (LSEG's C client falls back as far as connection version 0x13): a short frame without flags, then a
    /// small connection version.
    /// </summary>
    public static bool HasShape(ReadOnlySpan<byte> start) =>
        start.Length >= ConnectionVersionOffset + 4
        && BinaryPrimitives.ReadUInt16BigEndian(start) is >= ConnectionVersionOffset + 4 and <= 1024
        && start[2] == 0
        && BinaryPrimitives.ReadUInt32BigEndian(start[ConnectionVersionOffset..]) <= 0xFF;

    /// <summary>Reads the connection version to pick the decoder; null when the version is unknown.</summary>
    public static RipcVersion? PeekVersion(ReadOnlySpan<byte> message)
    {
        var r = new WireReader(message);
        r.Skip(ConnectionVersionOffset);
        uint version = r.UInt32();
        return r.Overrun ? null : RipcVersion.FromConnectionVersion((int)version);
    }

    /// <summary>Decodes a complete ConnectReq; on malformed input returns null and says why.</summary>
    public static ConnectRequest? Decode(ReadOnlySpan<byte> message, RipcVersion version, out string error)
    {
        var r = new WireReader(message);
        int messageLength = r.UInt16();
        r.Skip(1 + 4);
        bool keyExchange = (r.UInt8() & KeyExchangeFlag) != 0;
        int headerLength = r.UInt8();
        int bitmapSize = r.UInt8();
        ReadOnlySpan<byte> bitmap = r.Bytes(bitmapSize);
        CompressionType offered = bitmapSize > 0 && !r.Overrun ? CompressionBitmap.FirstOffered(bitmap[0]) : CompressionType.None;
        int pingTimeout = r.UInt8();
        int sessionFlags = r.UInt8();
        int protocolType = version.HasProtocolType ? r.UInt8() : 0;
        int major = r.UInt8();
        int minor = r.UInt8();
        string host = r.ShortString();
        string ip = r.ShortString();
        int expectedLength = headerLength;
        string component = "";
        if (version.HasComponentInfo && !r.Overrun)
        {
            int containerLength = r.UInt8();
            int containerStart = r.Position;
            if (containerLength > 0)
                component = r.ShortString();
            r.Skip(containerLength - (r.Position - containerStart));
            expectedLength = headerLength + 1 + containerLength;
        }
        if (r.Overrun)
        {
            error = $"{version} ConnectReq of {message.Length} bytes is truncated";
            return null;
        }
        if (expectedLength != messageLength)
        {
            error = $"{version} ConnectReq header length {headerLength} does not match message length {messageLength}";
            return null;
        }
        error = "";
        return new ConnectRequest
        {
            Version = version,
            KeyExchange = keyExchange && version.HasKeyExchange,
            Compression = offered,
            PingTimeout = pingTimeout,
            SessionFlags = sessionFlags,
            ProtocolType = protocolType,
            MajorVersion = major,
            MinorVersion = minor,
            HostName = host,
            IpAddress = ip,
            ComponentVersion = component,
        };
    }
}
