using Eta.Transport.Ripc;
using Eta.Transport.Tests.Support;
using Xunit;

namespace Eta.Transport.Tests.Wire;

/// <summary>
/// The bytes of each RIPC frame we send, pinned against what LSEG's C transport (the core of ADS and ADH) writes
/// and what its reader accepts (RTSDK 2.1.2, Cpp-C/Eta/Impl/Transport/rsslSocketTransportImpl.c).
/// CSharp/Eta.Transport/README.md has the table these tests check.
/// </summary>
public sealed class SentFrameBytesTests
{
    /// <summary>
    /// LSEG C's ipcIntWrtHeader writes a ping as length = dataHeaderLen (3) and flags IPC_DATA (0x02); its reader
    /// (ipcReadSession) fails any frame without IPC_DATA, IPC_COMP_DATA or IPC_EXTENDED_FLAGS with
    /// "1007 Invalid Message Opcode", so a ping of 00 03 01 closes the channel at the first ping.
    /// </summary>
    [Fact]
    public void Ping_is_a_header_only_data_frame()
    {
        (Channel channel, ReplayStream stream) = OpenClient();

        Assert.Equal(TransportReturnCode.Success, channel.Ping());

        Assert.Equal("000302", Convert.ToHexString(stream.Written));
    }

    /// <summary>A client channel made active by a RIPC 14 ConnectAck, with what it wrote so far cleared.</summary>
    private static (Channel, ReplayStream) OpenClient(ConnectOptions? options = null, CompressionType compression = CompressionType.None)
    {
        var ack = new byte[256];
        int length = new ConnectAck
        {
            Version = RipcVersion.V14, MaxUserMessageSize = 6144, PingTimeout = 60, MajorVersion = 14, MinorVersion = 1,
            Compression = compression, CompressionLevel = 0,
            KeyType = KeyExchange.Type64, KeyModulus = 1_000_003, KeyGenerator = 5, ServerPublicKey = 7,
        }.Encode(ack, includeKeyExchange: true);
        (Channel channel, ReplayStream stream) = ReplayClient.Open([ack[..length]], options);
        stream.ClearWritten();
        return (channel, stream);
    }
}
