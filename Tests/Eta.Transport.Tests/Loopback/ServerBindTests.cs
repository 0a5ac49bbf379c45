using System.Net;
using System.Net.Sockets;
using Xunit;

namespace Eta.Transport.Tests.Loopback;

/// <summary>
/// A port has one listening server: a second bind fails and says which port, or clients would split between the two
/// servers unnoticed. A restarted server still binds while the last one's connections linger in TIME_WAIT.
/// </summary>
public sealed class ServerBindTests
{
    [Theory]
    [InlineData(null)]
    [InlineData("127.0.0.1")]
    public void A_second_server_on_a_listening_port_is_refused_naming_the_port(string? interfaceName)
    {
        Transport.Initialize();
        Server? first = null;
        try
        {
            first = Transport.Bind(new BindOptions { Port = 0, InterfaceName = interfaceName }, out TransportError? error);
            Assert.True(first is not null, error?.ToString());

            Server? second = Transport.Bind(new BindOptions { Port = first.Port, InterfaceName = interfaceName }, out error);

            second?.Close();
            Assert.Null(second);
            Assert.Contains($"{first.Port}", error!.Text);
            Assert.Contains("in use", error.Text);
        }
        finally
        {
            first?.Close();
            Transport.Uninitialize();
        }
    }

    [Fact]
    public void A_restarted_server_binds_while_its_last_connection_lingers_after_the_server_closed_it()
    {
        Transport.Initialize();
        try
        {
            int port;
            Server? server = Transport.Bind(new BindOptions { Port = 0, InterfaceName = "127.0.0.1" }, out TransportError? error);
            Assert.True(server is not null, error?.ToString());
            port = server.Port;
            using (var client = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp))
            {
                client.Connect(new IPEndPoint(IPAddress.Loopback, port));
                server.Socket.Blocking = true;
                using (Socket accepted = server.Socket.Accept())
                    accepted.Close(); // the server closes first: its end of the connection stays behind on the port
                Assert.Equal(0, client.Receive(new byte[1])); // the server's FIN has arrived
            }
            server.Close();

            Server? restarted = Transport.Bind(new BindOptions { Port = port, InterfaceName = "127.0.0.1" }, out error);

            Assert.True(restarted is not null, error?.ToString());
            restarted.Close();
        }
        finally
        {
            Transport.Uninitialize();
        }
    }
}
