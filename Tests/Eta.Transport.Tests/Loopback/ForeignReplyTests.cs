using Eta.Transport.Tests.Support;
using Xunit;

namespace Eta.Transport.Tests.Loopback;

/// <summary>
/// A client whose server answers the ConnectReq with something that is not RIPC (an HTTP server, another protocol)
/// and keeps the connection open. The reply's first two bytes read as a frame length (18,516 for "HT"), so the client
/// used to wait for the rest until the initialization timeout and then say only that it timed out. It now fails as
/// soon as the first bytes cannot begin a ConnectAck or ConnectNak, and shows them.
/// </summary>
public sealed class ForeignReplyTests
{
    [Fact]
    public void An_HTTP_answer_fails_the_handshake_at_once_quoting_its_status_line()
    {
        string error = InitFailure("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n"u8.ToArray());

        Assert.Contains("do not begin a RIPC ConnectAck", error);
        Assert.Contains("\"HTTP/1.1 400 Bad Request\"", error);
    }

    [Fact]
    public void Binary_that_is_no_ConnectAck_fails_at_once_showing_its_first_bytes()
    {
        // Declares 4,660 bytes; flags without the extended byte, which every ConnectAck and ConnectNak has.
        string error = InitFailure([0x12, 0x34, 0x02, 0x00, 0xAB, 0xCD]);

        Assert.Contains("first bytes 12340200ABCD", error);
    }

    [Fact]
    public void A_ConnectAck_that_arrives_a_byte_at_a_time_is_not_mistaken_for_a_foreign_reply()
    {
        // The header's first four bytes, one read each: nothing may be judged before the extended flags byte is in.
        byte[] header = [0x00, 0x40, 0x01, 0x01];
        var stream = new ReplayStream(header.Select(b => new[] { b }));
        Channel channel = Channel.ForClientStream(new ConnectOptions(), stream);

        for (int i = 0; i < 20; i++)
            Assert.Equal(TransportReturnCode.ChanInitInProgress, channel.Init());
    }

    private static string InitFailure(byte[] reply)
    {
        var stream = new ReplayStream([reply]); // then nothing more, and no close: the server keeps the connection
        Channel channel = Channel.ForClientStream(new ConnectOptions(), stream);
        TransportReturnCode result = TransportReturnCode.ChanInitInProgress;
        for (int i = 0; i < 100 && result == TransportReturnCode.ChanInitInProgress; i++)
            result = channel.Init();

        Assert.Equal(TransportReturnCode.Failure, result);
        return channel.Error.Text;
    }
}
