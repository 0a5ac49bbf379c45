using System.Diagnostics;
using System.Net.Sockets;
using Xunit;

namespace Eta.Transport.Tests.Loopback;

/// <summary>
/// Closing an active channel ends the connection in order, on either side: the frames still queued arrive, then the
/// peer reads end of stream, never a reset, even with input the closing side never read in its receive buffer (which
/// makes the kernel reset a socket closed over it). LSEG's C transport logs a reset as
/// "ipcRead() failure. Connection reset by peer"; the peer here reads the raw socket, as LSEG C does.
/// </summary>
public sealed class OrderlyCloseLoopbackTests
{
    private const int QueuedMessages = 10;
    private const int MessageLength = 100;

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public void Close_sends_the_queued_frames_then_ends_the_stream_without_a_reset(bool clientCloses)
    {
        using var pair = Support.Loopback.Open();
        Channel closing = clientCloses ? pair.Client : pair.ServerChannel;
        Channel peer = clientCloses ? pair.ServerChannel : pair.Client;
        Support.Loopback.Send(peer, new byte[3000]);
        Support.Loopback.FlushAll(peer);
        Assert.True(closing.Socket.Poll(Support.Loopback.Deadline, SelectMode.SelectRead), "the peer's bytes never arrived");
        var expected = new List<byte>();
        for (int i = 0; i < QueuedMessages; i++)
        {
            byte[] message = Enumerable.Repeat((byte)i, MessageLength).ToArray();
            Assert.True(Support.Loopback.Send(closing, message) > TransportReturnCode.Success, "the frame was sent at once, not queued");
            expected.AddRange([0x00, 3 + MessageLength, 0x02, .. message]);
        }

        Assert.Equal(TransportReturnCode.Success, closing.Close());

        Assert.Equal(expected, ReadToEndOfStream(peer.Socket));
        // The closing side still reads what the peer sends until the peer ends too (a ping under way, updates): a
        // socket closed at once, over unread input, would have answered with a reset by now.
        var pendingError = (SocketError)(int)peer.Socket.GetSocketOption(SocketOptionLevel.Socket, SocketOptionName.Error)!;
        Assert.True(pendingError == SocketError.Success, $"the peer's socket holds {pendingError}: the closing side reset the connection after ending it");
        Assert.Equal(3, peer.Socket.Send([0x00, 0x03, 0x02], SocketFlags.None, out SocketError status));
        Assert.Equal(SocketError.Success, status);
    }

    /// <summary>
    /// An encrypted channel ends TLS first: its last record is the close_notify alert (content type 21, visible in
    /// TLS 1.2). Without it LSEG's C reader (OpenSSL) takes the end of stream for an error and logs
    /// "ipcRead() failure. System errno: (0)"; with it, the ordinary end-of-stream line.
    /// </summary>
    [Fact]
    public void An_encrypted_channel_sends_TLS_close_notify_before_ending_the_stream()
    {
        using var certificate = new Tls.TestCertificateFiles(signedByTestCa: true);
        using var pair = Support.Loopback.OpenEncrypted(certificate, certificate.CaFile, System.Security.Authentication.SslProtocols.Tls12);
        Support.Loopback.Send(pair.Client, "last"u8);

        pair.Client.Close();

        List<byte> ciphertext = ReadToEndOfStream(pair.ServerChannel.Socket);
        byte lastRecordType = 0;
        for (int at = 0; at + 5 <= ciphertext.Count; at += 5 + ((ciphertext[at + 3] << 8) | ciphertext[at + 4]))
            lastRecordType = ciphertext[at];
        Assert.Equal(21, lastRecordType);
    }

    /// <summary>Every byte until end of stream; fails when the read sees a reset (ECONNRESET) instead.</summary>
    private static List<byte> ReadToEndOfStream(Socket socket)
    {
        var received = new List<byte>();
        var buffer = new byte[4096];
        var clock = Stopwatch.StartNew();
        while (true)
        {
            TimeSpan left = Support.Loopback.Deadline - clock.Elapsed;
            Assert.True(left > TimeSpan.Zero && socket.Poll(left, SelectMode.SelectRead), "no end of stream within the deadline");
            int read = socket.Receive(buffer, SocketFlags.None, out SocketError status);
            if (status == SocketError.WouldBlock)
                continue;
            Assert.True(status == SocketError.Success,
                $"the peer's read failed with {status} after {received.Count} bytes: the connection was reset, not ended");
            if (read == 0)
                return received;
            received.AddRange(buffer.AsSpan(0, read));
        }
    }
}
