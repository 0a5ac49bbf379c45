using Eta.Codec;
using Eta.Codec.Rdm;
using Eta.Transport;
using Eta.ValueAdd.Tests.Support;
using Xunit;

namespace Eta.ValueAdd.Tests.Roles;

/// <summary>The NI provider role against a listener standing in for the ADH (a provider role that answers logins).</summary>
public sealed class NIProviderRoleTests
{
    [Fact]
    public void Login_then_an_unsolicited_directory_refresh_then_ready()
    {
        using var pair = new ReactorPair();
        var ni = new Recorder();
        var login = new LoginRequest { UserName = "ni-test" };
        login.Attributes.Role = LoginRoles.Provider;
        var directory = new DirectoryRefresh { StreamId = -1, Filter = ServiceFilterFlags.Info | ServiceFilterFlags.State };
        Service service = Services.DirectFeed();
        service.Info!.ServiceName = "NI_PUB";
        directory.Services.Add(service);
        bool loginRefreshBeforeReady = false;
        ni.OnEvent = (_, type) =>
        {
            if (type == ReactorChannelEventType.ChannelReady)
                loginRefreshBeforeReady = ni.Messages.Contains((DomainTypes.Login, MsgClass.Refresh, 1));
        };
        var role = new NIProviderRole(ni) { LoginRequest = login, DirectoryRefresh = directory };
        using var reactor = new Reactor();
        reactor.Connect(new ReactorConnectOptions { Connect = new ConnectOptions { Host = "127.0.0.1", Port = pair.Port } }, role);

        var clock = System.Diagnostics.Stopwatch.StartNew();
        while (pair.ProviderSide.DirectoryRefreshes.Count == 0 || !ni.Events.Contains(ReactorChannelEventType.ChannelReady))
        {
            Assert.True(clock.Elapsed < ReactorPair.Deadline, $"NI handshake incomplete; events [{string.Join(", ", ni.Events)}]");
            reactor.Dispatch(1);
            pair.Provider.Dispatch(1);
        }

        Assert.True(loginRefreshBeforeReady, "ready was reported before the login refresh arrived");
        Assert.Equal([ReactorChannelEventType.ChannelUp, ReactorChannelEventType.ChannelReady], ni.Events);
        Assert.Equal([(DomainTypes.Login, MsgClass.Request, 1), (DomainTypes.Source, MsgClass.Refresh, -1)], pair.ProviderSide.Messages);
        Assert.Equal([LoginRoles.Provider], pair.ProviderSide.LoginRequestRoles);
        DirectoryRefresh received = pair.ProviderSide.DirectoryRefreshes.Single();
        Assert.False(received.Solicited);
        Assert.Equal("NI_PUB", received.Services.Single().Info!.ServiceName);
        Assert.Equal((DomainTypes.Login, MsgClass.Refresh, 1), ni.Messages.Single());
    }
}
