using System.Net.Sockets;
using Eta.Codec;
using Eta.Transport;
using Xunit;

namespace PerfTools.Tests.ProvPerf;

/// <summary>
/// A minimal OMM consumer for loopback tests, written directly on the codec and transport: connects, sends
/// encoded messages, and returns each received message as a copy. Every wait is bounded by a token.
/// </summary>
internal sealed class TestConsumer : IDisposable
{
    public delegate CodecReturnCode Encode(ref RwfEncoder encoder);

    private readonly Channel _channel;
    private bool _moreBuffered;

    private TestConsumer(Channel channel) => _channel = channel;

    public static TestConsumer Connect(int port, CancellationToken stop)
    {
        Transport.Initialize();
        Channel? channel = Transport.Connect(new ConnectOptions { Host = "127.0.0.1", Port = port }, out TransportError? error);
        Assert.True(channel is not null, $"connect failed: {error}");
        while (true)
        {
            stop.ThrowIfCancellationRequested();
            TransportReturnCode rc = channel.Init();
            if (rc == TransportReturnCode.Success)
                return new TestConsumer(channel);
            Assert.Equal(TransportReturnCode.ChanInitInProgress, rc);
            channel.Socket.Poll(10_000, SelectMode.SelectRead);
        }
    }

    public void Send(Encode encode)
    {
        Assert.Equal(TransportReturnCode.Success, _channel.GetBuffer(4096, false, out TransportBuffer? buffer));
        var encoder = new RwfEncoder(buffer!.Data);
        Assert.Equal(CodecReturnCode.SUCCESS, encode(ref encoder));
        buffer.Length = encoder.Position;
        Assert.True(_channel.Write(buffer) >= TransportReturnCode.Success);
        while (_channel.Flush() > TransportReturnCode.Success)
            _channel.Socket.Poll(10_000, SelectMode.SelectWrite);
    }

    /// <summary>The next message, waiting until <paramref name="stop"/> fires (then the test fails).</summary>
    public byte[] Receive(CancellationToken stop)
    {
        while (true)
        {
            stop.ThrowIfCancellationRequested();
            if (!_moreBuffered && !_channel.Socket.Poll(10_000, SelectMode.SelectRead))
                continue;
            TransportReturnCode rc = _channel.Read(out TransportBuffer? message);
            _moreBuffered = rc > TransportReturnCode.Success;
            if (message is not null)
                return message.Contents.ToArray();
            Assert.True(rc is > TransportReturnCode.Success or TransportReturnCode.ReadWouldBlock or TransportReturnCode.ReadPing,
                $"read failed: {rc} {_channel.Error}");
        }
    }

    public void Dispose()
    {
        _channel.Close();
        Transport.Uninitialize();
    }
}
