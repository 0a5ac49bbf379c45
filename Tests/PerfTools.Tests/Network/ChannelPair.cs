using System.Diagnostics;
using System.Net.Sockets;
using Eta.Transport;
using Xunit;

namespace PerfTools.Tests.Network;

/// <summary>
/// A client channel (the writer, with 5000 output buffers) connected over loopback to a server channel (the reader),
/// both driven to active by socket readiness with a deadline.
/// </summary>
internal sealed class ChannelPair(Server server, Channel writer, Channel reader) : IDisposable
{
    private static readonly TimeSpan Deadline = TimeSpan.FromSeconds(30);

    public Channel Writer => writer;
    public Channel Reader => reader;

    public static ChannelPair Open() => Open(new BindOptions(), new ConnectOptions());

    /// <summary>A pair with these options (port, interface, host and output buffers are set here).</summary>
    public static ChannelPair Open(BindOptions bind, ConnectOptions connect)
    {
        Transport.Initialize();
        Server server = Transport.Bind(bind with { Port = 0, InterfaceName = "127.0.0.1" }, out TransportError? error)
            ?? throw new InvalidOperationException(error?.ToString());
        Channel client = Transport.Connect(connect with { Host = "127.0.0.1", Port = server.Port, GuaranteedOutputBuffers = 5000 }, out error)
            ?? throw new InvalidOperationException(error?.ToString());
        Channel? accepted = null;
        var clock = Stopwatch.StartNew();
        while ((client.State != ChannelState.Active || accepted?.State != ChannelState.Active) && clock.Elapsed < Deadline)
        {
            if (accepted is null && server.Socket.Poll(1000, SelectMode.SelectRead))
                accepted = server.Accept();
            Step(client);
            if (accepted is not null)
                Step(accepted);
        }
        Assert.True(accepted?.State == ChannelState.Active && client.State == ChannelState.Active, "the pair did not become active");
        return new ChannelPair(server, client, accepted!);
    }

    /// <summary>Reads every message the reader can get now; returns how many.</summary>
    public int ReadAvailable()
    {
        int messages = 0;
        TransportReturnCode rc;
        do
        {
            rc = Reader.Read(out TransportBuffer? buffer);
            if (buffer is not null)
                messages++;
        }
        while (rc > TransportReturnCode.Success);
        Assert.True(rc >= TransportReturnCode.Success || rc is TransportReturnCode.ReadWouldBlock or TransportReturnCode.ReadPing or TransportReturnCode.ReadInProgress,
            $"read failed: {rc} {Reader.Error}");
        return messages;
    }

    private static void Step(Channel channel)
    {
        if (channel.State != ChannelState.Initializing)
            return;
        Assert.True(channel.Init() >= TransportReturnCode.Success, channel.Error.ToString());
        channel.Socket.Poll(1000, SelectMode.SelectRead);
    }

    public void Dispose()
    {
        Writer.Close();
        Reader.Close();
        server.Close();
        Transport.Uninitialize();
    }
}
