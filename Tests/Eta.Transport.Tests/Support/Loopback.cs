using System.Diagnostics;
using System.Net.Sockets;
using Xunit;

namespace Eta.Transport.Tests.Support;

/// <summary>
/// A server and a connected client on 127.0.0.1 (ephemeral port), both driven to active. Every wait is on
/// socket readiness with a deadline (never a sleep); a stuck test fails with a TimeoutException.
/// </summary>
internal sealed class Loopback : IDisposable
{
    // Generous: a TLS handshake on a loaded 2-core machine can take seconds; a working pair never waits this long.
    public static readonly TimeSpan Deadline = TimeSpan.FromSeconds(30);

    private Loopback(Server server, Channel client, Channel serverChannel)
    {
        Server = server;
        Client = client;
        ServerChannel = serverChannel;
    }

    public Server Server { get; }
    public Channel Client { get; }
    public Channel ServerChannel { get; }

    public static Server Bind(BindOptions? bind = null)
    {
        Transport.Initialize();
        Server? server = Transport.Bind((bind ?? new BindOptions()) with { Port = 0, InterfaceName = "127.0.0.1" }, out TransportError? error);
        Assert.True(server is not null, error?.ToString());
        return server;
    }

    public static ConnectOptions ClientOptions(Server server, ConnectOptions? connect = null) =>
        (connect ?? new ConnectOptions()) with { Host = "127.0.0.1", Port = server.Port };

    public static Loopback Open(BindOptions? bind = null, ConnectOptions? connect = null)
    {
        Server server = Bind(bind);
        Channel? client = Transport.Connect(ClientOptions(server, connect), out TransportError? error);
        Assert.True(client is not null, error?.ToString());
        Channel? accepted = null;
        var clock = Stopwatch.StartNew();
        try
        {
            while (client.State != ChannelState.Active || accepted?.State != ChannelState.Active)
            {
                if (clock.Elapsed > Deadline)
                    throw new TimeoutException($"handshake: client {client.State} {client.Error}, server {accepted?.State} {accepted?.Error}");
                if (accepted is null && server.Socket.Poll(1000, SelectMode.SelectRead))
                    accepted = server.Accept();
                DriveInit(client);
                if (accepted is not null)
                    DriveInit(accepted);
            }
        }
        catch
        {
            // A failed pair must not leave the transport initialized for the tests after it (global locking checks).
            client.Close();
            accepted?.Close();
            server.Close();
            Transport.Uninitialize();
            throw;
        }
        return new Loopback(server, client, accepted);
    }

    /// <summary>An encrypted pair: the server presents <paramref name="certificate"/>, the client trusts <paramref name="caFile"/>.</summary>
    public static Loopback OpenEncrypted(Tls.TestCertificateFiles certificate, string caFile,
        System.Security.Authentication.SslProtocols protocols = System.Security.Authentication.SslProtocols.Tls12 | System.Security.Authentication.SslProtocols.Tls13) =>
        Open(
            new BindOptions
            {
                ConnectionType = ConnectionType.Encrypted,
                Tls = new ServerTlsOptions { CertificateFile = certificate.CertificateFile, PrivateKeyFile = certificate.KeyFile },
            },
            new ConnectOptions
            {
                ConnectionType = ConnectionType.Encrypted,
                Tls = new ClientTlsOptions { TargetHost = "localhost", TrustedCaFile = caFile, Protocols = protocols },
            });

    /// <summary>
    /// A pair where either side may be blocking: the server accepts on another thread while the client connects,
    /// since a blocking side runs its whole handshake inside Accept or Connect.
    /// </summary>
    public static Loopback OpenBlocking(BindOptions bind, ConnectOptions connect)
    {
        Server server = Bind(bind with { ServerBlocking = true });
        Task<Channel?> accepting = Task.Run(() => DriveToActive(server.Accept()), TestContext.Current.CancellationToken);
        Channel client = DriveToActive(Transport.Connect(ClientOptions(server, connect), out TransportError? error))
            ?? throw new InvalidOperationException(error?.ToString());
        Assert.True(accepting.Wait(Deadline, TestContext.Current.CancellationToken), "accept did not complete");
        Channel accepted = accepting.Result ?? throw new InvalidOperationException(server.Error.ToString());
        return new Loopback(server, client, accepted);
    }

    /// <summary>Runs a non-blocking channel's handshake to the end (a blocking one is already active).</summary>
    private static Channel? DriveToActive(Channel? channel)
    {
        var clock = Stopwatch.StartNew();
        while (channel?.State == ChannelState.Initializing && clock.Elapsed < Deadline)
            DriveInit(channel);
        return channel;
    }

    /// <summary>One Init step; fails the test when the handshake fails.</summary>
    public static void DriveInit(Channel channel)
    {
        if (channel.State != ChannelState.Initializing)
            return;
        TransportReturnCode result = channel.Init();
        Assert.True(result >= TransportReturnCode.Success, $"Init: {result} {channel.Error}");
        if (result == TransportReturnCode.ChanInitInProgress)
            channel.Socket.Poll(1000, SelectMode.SelectRead);
    }

    /// <summary>Reads until a message arrives (a copy of it), flushing <paramref name="writer"/> meanwhile.</summary>
    public static byte[] ReadMessage(Channel reader, Channel? writer = null)
    {
        var clock = Stopwatch.StartNew();
        while (clock.Elapsed < Deadline)
        {
            TransportReturnCode result = reader.Read(out TransportBuffer? message);
            if (message is not null)
                return message.Contents.ToArray();
            Assert.True(result >= TransportReturnCode.Success || result is TransportReturnCode.ReadWouldBlock or TransportReturnCode.ReadPing,
                $"Read: {result} {reader.Error}");
            if (writer is not null && writer.PendingBytes > 0)
                writer.Flush();
            else if (result == TransportReturnCode.ReadWouldBlock)
                reader.Socket.Poll(10_000, SelectMode.SelectRead);
        }
        throw new TimeoutException("no message arrived");
    }

    /// <summary>Flushes until everything is sent.</summary>
    public static void FlushAll(Channel channel)
    {
        var clock = Stopwatch.StartNew();
        while (channel.Flush() > TransportReturnCode.Success)
        {
            if (clock.Elapsed > Deadline)
                throw new TimeoutException("flush never completed");
            channel.Socket.Poll(10_000, SelectMode.SelectWrite);
        }
    }

    /// <summary>Gets a buffer, copies <paramref name="payload"/> in and writes it.</summary>
    public static TransportReturnCode Send(Channel channel, ReadOnlySpan<byte> payload,
        WritePriority priority = WritePriority.High, WriteFlags flags = WriteFlags.None)
    {
        Assert.Equal(TransportReturnCode.Success, channel.GetBuffer(payload.Length, false, out TransportBuffer? buffer));
        payload.CopyTo(buffer!.Data);
        buffer.Length = payload.Length;
        return channel.Write(buffer, priority, flags);
    }

    public void Dispose()
    {
        Client.Close();
        ServerChannel.Close();
        Server.Close();
        Transport.Uninitialize();
    }
}
