namespace Eta.Transport.Ripc;

/// <summary>
/// One RIPC protocol version and the wire differences it implies. A client starts at 14 and falls back
/// one version each time the server drops the connection during the handshake.
/// </summary>
internal sealed class RipcVersion
{
    public static readonly RipcVersion V14 = new(14, connectionVersion: 0x17, ipcVersion: 9);
    public static readonly RipcVersion V13 = new(13, connectionVersion: 0x16, ipcVersion: 8);
    public static readonly RipcVersion V12 = new(12, connectionVersion: 0x15, ipcVersion: 7);
    public static readonly RipcVersion V11 = new(11, connectionVersion: 0x14, ipcVersion: 6);

    /// <summary>Newest first: the order a client tries them in.</summary>
    public static readonly RipcVersion[] All = [V14, V13, V12, V11];

    private RipcVersion(int number, int connectionVersion, int ipcVersion)
    {
        Number = number;
        ConnectionVersion = connectionVersion;
        IpcVersion = ipcVersion;
    }

    public int Number { get; }

    /// <summary>Sent by the client in the ConnectReq.</summary>
    public int ConnectionVersion { get; }

    /// <summary>Sent by the server in the ConnectAck.</summary>
    public int IpcVersion { get; }

    /// <summary>RIPC 11 has no protocol type byte: it implies RWF.</summary>
    public bool HasProtocolType => Number >= 12;

    /// <summary>RIPC 13 added the product (component) version containers.</summary>
    public bool HasComponentInfo => Number >= 13;

    /// <summary>RIPC 14 added a key exchange and a third handshake leg (ClientKey).</summary>
    public bool HasKeyExchange => Number >= 14;

    /// <summary>RIPC 13 widened fragment ids from one byte to two.</summary>
    public int FragmentIdLength => Number >= 13 ? 2 : 1;

    /// <summary>In RIPC 11 and 12 the ConnectReq header length covers the whole message.</summary>
    public bool HeaderLengthIsMessageLength => Number <= 12;

    // A loop, not Array.Find: a capturing lambda would allocate for every ConnectReq, garbage included.
    public static RipcVersion? FromConnectionVersion(int connectionVersion)
    {
        foreach (RipcVersion version in All)
        {
            if (version.ConnectionVersion == connectionVersion)
                return version;
        }
        return null;
    }

    /// <summary>The next older version a client may fall back to, or null. RIPC 11 carries only RWF.</summary>
    public RipcVersion? Older(int protocolType)
    {
        int index = Array.IndexOf(All, this) + 1;
        if (index >= All.Length)
            return null;
        RipcVersion older = All[index];
        return !older.HasProtocolType && protocolType != 0 ? null : older;
    }

    public override string ToString() => "RIPC" + Number;
}
