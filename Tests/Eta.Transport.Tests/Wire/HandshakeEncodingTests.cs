using Eta.TestSupport;
using Eta.Transport.Ripc;
using Eta.Transport.Tests.Support;
using Xunit;

namespace Eta.Transport.Tests.Wire;

/// <summary>
/// Byte-for-byte checks of the RIPC handshake messages against LSEG's RipcHandshakeJunit recordings:
/// our encoder, given the recorded field values, must produce the recorded bytes, and our decoder must
/// read them back.
/// </summary>
public sealed class HandshakeEncodingTests
{
    public static TheoryData<string, int, int, int, int, string, string, string, CompressionType> Requests => new()
    {
        { "60_input_connectReq_Ripc11.txt", 11, 0, 14, 0, "XXXXXXXXXX", "10.91.161.7", "", CompressionType.None },
        { "60_input_connectReq_Ripc12.txt", 12, 0, 14, 0, "XXXXXXXXXX", "10.91.161.7", "", CompressionType.None },
        { "60_input_connectReq_Ripc13.txt", 13, 0, 14, 0, "XXXXXXXXXX", "10.91.161.7", "Test Client Version 1.23", CompressionType.None },
        { "60_input_connectReq_Ripc14.txt", 14, 0, 14, 1, "XXXXXXXX-TPL-A", "10.91.161.248", "ETA Java Edition", CompressionType.None },
        { "80_input_connectReq_Ripc13_nonDefaultProtocolType.txt", 13, 255, 14, 0, "XXXXXXXXXX", "10.91.161.7", "Test Client Version 1.23", CompressionType.None },
        { "80_input_connectReq_Ripc14_nonDefaultProtocolType.txt", 14, 255, 14, 1, "XXXXXXXX-TPL-A", "10.91.161.248", "ETA Java Edition", CompressionType.None },
        { "90_input_connectReq_Ripc14_nonDefaultMajorMinorVersion.txt", 14, 0, 255, 255, "XXXXXXXX-TPL-A", "10.91.161.248", "ETA Java Edition", CompressionType.None },
        { "100_input_connectReq_Ripc13_Zlib_compression.txt", 13, 0, 14, 0, "XXXXXXXXXX", "10.91.161.7", "Test Client Version 1.23", CompressionType.Zlib },
    };

    [Theory]
    [MemberData(nameof(Requests))]
    public void ConnectReq_encodes_and_decodes_exactly_as_recorded(string file, int ripc, int protocolType, int major, int minor,
        string host, string ip, string component, CompressionType compression)
    {
        byte[] recorded = HexDump.Records(VectorFiles.Handshake(file))[0];
        RipcVersion version = Array.Find(RipcVersion.All, v => v.Number == ripc)!;
        var request = new ConnectRequest
        {
            Version = version,
            Compression = compression,
            PingTimeout = 60,
            ProtocolType = protocolType,
            MajorVersion = major,
            MinorVersion = minor,
            HostName = host,
            IpAddress = ip,
            ComponentVersion = component,
        };
        var encoded = new byte[512];
        int length = request.Encode(encoded);
        Assert.Equal(Convert.ToHexString(recorded), Convert.ToHexString(encoded, 0, length));

        Assert.Same(version, ConnectRequest.PeekVersion(recorded));
        ConnectRequest? decoded = ConnectRequest.Decode(recorded, version, out string error);
        Assert.True(decoded is not null, error);
        Assert.Equal(host, decoded.HostName);
        Assert.Equal(ip, decoded.IpAddress);
        Assert.Equal(component, decoded.ComponentVersion);
        Assert.Equal(protocolType, decoded.ProtocolType);
        Assert.Equal(major, decoded.MajorVersion);
        Assert.Equal(minor, decoded.MinorVersion);
        Assert.Equal(compression, decoded.Compression);
        Assert.Equal(60, decoded.PingTimeout);
        Assert.Equal(ripc == 14, decoded.KeyExchange);
    }

    [Theory]
    [InlineData("10_input_connectAck_Ripc14.txt", 14, 60, 1, CompressionType.None, 0, "ETA Java Edition")]
    [InlineData("110_input_connectAck_Ripc14_Zlib_compression.txt", 14, 60, 1, CompressionType.Zlib, 6, "ETA Java Edition")]
    [InlineData("40_input_connectAck_Ripc12.txt", 12, 30, 0, CompressionType.None, 3, "")]
    [InlineData("40_input_connectAck_Ripc11.txt", 11, 30, 0, CompressionType.None, 3, "")]
    public void ConnectAck_decodes_and_reencodes_exactly_as_recorded(string file, int ripc, int ping, int minor,
        CompressionType compression, int level, string component)
    {
        byte[] recorded = HexDump.Records(VectorFiles.Handshake(file))[0];
        RipcVersion version = Array.Find(RipcVersion.All, v => v.Number == ripc)!;

        ConnectAck? ack = ConnectAck.Decode(recorded, version, out TransportReturnCode code, out string error);

        Assert.True(ack is not null, error);
        Assert.Equal(TransportReturnCode.Success, code);
        Assert.Equal(6144, ack.MaxUserMessageSize);
        Assert.Equal(3, ack.SessionFlags);
        Assert.Equal(ping, ack.PingTimeout);
        Assert.Equal(14, ack.MajorVersion);
        Assert.Equal(minor, ack.MinorVersion);
        Assert.Equal(compression, ack.Compression);
        Assert.Equal(level, ack.CompressionLevel);
        Assert.Equal(component, ack.ComponentVersion);
        var encoded = new byte[512];
        int length = ack.Encode(encoded, includeKeyExchange: version.HasKeyExchange);
        Assert.Equal(Convert.ToHexString(recorded), Convert.ToHexString(encoded, 0, length));
    }

    [Fact]
    public void ConnectAck_with_a_wrong_RIPC_version_is_refused()
    {
        byte[] recorded = HexDump.Records(VectorFiles.Handshake("30_input_connectAck_with_wrong_ripcVersion.txt"))[0];

        ConnectAck? ack = ConnectAck.Decode(recorded, RipcVersion.V14, out TransportReturnCode code, out string error);

        Assert.Null(ack);
        Assert.Equal(TransportReturnCode.ChanInitRefused, code);
        Assert.Contains("incorrect version", error);
    }

    [Fact]
    public void ConnectAck_asking_for_a_zlib_level_above_9_is_refused()
    {
        byte[] recorded = HexDump.Records(VectorFiles.Handshake("110_input_connectAck_Ripc14_Zlib_compression.txt"))[0];
        const int levelOffset = 18; // length 2, flags 2, header length 1, reserved 1, IPC version 4, size 2, session flags, ping, major, minor, type 2
        Assert.Equal(6, recorded[levelOffset]);
        recorded[levelOffset] = 10;

        ConnectAck? ack = ConnectAck.Decode(recorded, RipcVersion.V14, out _, out string error);

        Assert.Null(ack);
        Assert.Contains("zlib at level 10", error);
    }

    [Fact]
    public void ConnectNak_is_read_as_a_refusal_with_its_text()
    {
        byte[] recorded = HexDump.Records(VectorFiles.Handshake("50_input_connectNak_Ripc13.txt"))[0];

        ConnectAck? ack = ConnectAck.Decode(recorded, RipcVersion.V13, out TransportReturnCode code, out string error);

        Assert.Null(ack);
        Assert.Equal(TransportReturnCode.ChanInitRefused, code);
        Assert.Contains("Error occurred during connection process", error);
        Assert.Contains("Test Refused", error);
    }

    [Fact]
    public void ConnectNak_we_send_has_LSEG_layout_and_text()
    {
        var encoded = new byte[64];
        int length = ConnectNak.Encode(encoded);

        // length 28, flags 0x01, ext 0x02 (nak), header length 8, 0, text length 20, text + NUL
        string expected = "001C" + "01" + "02" + "08" + "00" + "0014"
                          + Convert.ToHexString("Connection refused."u8) + "00";
        Assert.Equal(expected, Convert.ToHexString(encoded, 0, length));
        Assert.Equal("Connection refused.", ConnectNak.DecodeText(encoded.AsSpan(0, length)));
    }

    [Fact]
    public void ClientKey_matches_the_recorded_third_leg()
    {
        byte[] recorded = HexDump.Records(VectorFiles.Handshake("60_input_connectReq_Ripc14.txt"))[1];
        var encoded = new byte[16];

        int length = ClientKey.Encode(encoded, KeyExchange.Type64, 0x0F20152D0E556354UL);

        Assert.Equal(Convert.ToHexString(recorded), Convert.ToHexString(encoded, 0, length));
        Assert.True(ClientKey.Validate(recorded, out string error), error);
        Assert.False(ClientKey.Validate(recorded.AsSpan(0, 7), out _));
    }

    [Fact]
    public void Key_exchange_agrees_on_both_sides()
    {
        ulong p = KeyExchange.RandomModulus(), g = 5, a = KeyExchange.RandomExponent(), b = KeyExchange.RandomExponent();
        ulong serverPublic = KeyExchange.ModPow(g, a, p), clientPublic = KeyExchange.ModPow(g, b, p);

        Assert.Equal(KeyExchange.ModPow(clientPublic, a, p), KeyExchange.ModPow(serverPublic, b, p));
    }
}
