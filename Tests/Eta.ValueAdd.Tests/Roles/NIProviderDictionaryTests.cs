using Eta.Codec;
using Eta.Codec.Rdm;
using Eta.Transport;
using Eta.ValueAdd.Tests.Support;
using Xunit;

namespace Eta.ValueAdd.Tests.Roles;

/// <summary>
/// The NI provider role's dictionary download from the ADH, against a provider role standing in for the ADH (it
/// answers logins and dictionary requests). Expected requests are LSEG's: after the directory refresh, RWFFld on
/// stream -2 and RWFEnum on stream -3, streaming, normal verbosity, for the directory refresh's first service, and
/// only when the login refresh says SupportProviderDictionaryDownload = 1; each stream closed once its dictionary is
/// complete; the channel ready after both.
/// </summary>
public sealed class NIProviderDictionaryTests
{
    private const int NiServiceId = 7;

    [Fact]
    public void Downloads_both_dictionaries_closes_their_streams_then_reports_ready()
    {
        using var pair = new ReactorPair();
        pair.ProviderRole.LoginRefresh.Attributes.SupportProviderDictionaryDownload = 1;
        var ni = new Recorder();
        DataDictionary? dictionaryWhenReady = null;
        ni.OnEvent = (channel, type) =>
        {
            if (type == ReactorChannelEventType.ChannelReady)
                dictionaryWhenReady = channel.Dictionary;
        };
        using var reactor = new Reactor();
        ReactorChannel channel = Connect(reactor, pair, ni, NewRole(ni, DictionaryDownloadMode.FirstAvailable));

        RunUntil(reactor, pair, ni, () => ni.Events.Contains(ReactorChannelEventType.ChannelReady)
            && pair.ProviderSide.Messages.Count(m => m.Class == MsgClass.Close) == 2);

        Assert.Equal(
        [
            (DomainTypes.Login, MsgClass.Request, 1),
            (DomainTypes.Source, MsgClass.Refresh, -1),
            (DomainTypes.Dictionary, MsgClass.Request, NIProviderRole.FieldDictionaryStreamId),
            (DomainTypes.Dictionary, MsgClass.Request, NIProviderRole.EnumDictionaryStreamId),
            (DomainTypes.Dictionary, MsgClass.Close, NIProviderRole.FieldDictionaryStreamId),
            (DomainTypes.Dictionary, MsgClass.Close, NIProviderRole.EnumDictionaryStreamId),
        ], pair.ProviderSide.Messages);
        Assert.Equal(
        [
            (-2, DictionaryNames.Field, NiServiceId, true, DictionaryVerbosity.Normal),
            (-3, DictionaryNames.EnumType, NiServiceId, true, DictionaryVerbosity.Normal),
        ], pair.ProviderSide.DictionaryRequestDetails);
        Assert.Equal([ReactorChannelEventType.ChannelUp, ReactorChannelEventType.ChannelReady], ni.Events);
        Assert.Contains((DomainTypes.Dictionary, MsgClass.Refresh, -2), ni.Messages);   // the parts reach the dictionary callback too
        Assert.Contains((DomainTypes.Dictionary, MsgClass.Refresh, -3), ni.Messages);

        DataDictionary expected = ReactorPair.RepoDictionary();
        Assert.NotNull(dictionaryWhenReady);
        Assert.Same(dictionaryWhenReady, channel.Dictionary);
        Assert.Equal(expected.NumberOfEntries, dictionaryWhenReady.NumberOfEntries);
        Assert.Equal("BID", dictionaryWhenReady.Entry(22)!.Acronym);
        Assert.Equal(expected.FindEnumType(4, 2)!.DisplayText, dictionaryWhenReady.FindEnumType(4, 2)!.DisplayText);
    }

    [Fact]
    public void Dictionary_stream_ids_step_down_past_the_login_and_directory_streams()
    {
        using var pair = new ReactorPair();
        pair.ProviderRole.LoginRefresh.Attributes.SupportProviderDictionaryDownload = 1;
        var ni = new Recorder();
        NIProviderRole role = NewRole(ni, DictionaryDownloadMode.FirstAvailable);
        role.DirectoryRefresh!.StreamId = -2;
        using var reactor = new Reactor();
        Connect(reactor, pair, ni, role);

        RunUntil(reactor, pair, ni, () => ni.Events.Contains(ReactorChannelEventType.ChannelReady));

        Assert.Equal([-3, -4], pair.ProviderSide.DictionaryRequestDetails.Select(r => r.StreamId));
    }

    [Fact]
    public void Without_the_ADH_offering_it_no_dictionary_is_requested_and_the_channel_is_ready_at_once()
    {
        using var pair = new ReactorPair();   // the login refresh says nothing about SupportProviderDictionaryDownload
        var ni = new Recorder();
        using var reactor = new Reactor();
        ReactorChannel channel = Connect(reactor, pair, ni, NewRole(ni, DictionaryDownloadMode.FirstAvailable));

        RunUntil(reactor, pair, ni, () => ni.Events.Contains(ReactorChannelEventType.ChannelReady) && pair.ProviderSide.Messages.Count == 2);

        Assert.Equal([(DomainTypes.Login, MsgClass.Request, 1), (DomainTypes.Source, MsgClass.Refresh, -1)], pair.ProviderSide.Messages);
        Assert.Null(channel.Dictionary);
    }

    [Fact]
    public void Download_mode_none_requests_nothing_even_when_offered()
    {
        using var pair = new ReactorPair();
        pair.ProviderRole.LoginRefresh.Attributes.SupportProviderDictionaryDownload = 1;
        var ni = new Recorder();
        using var reactor = new Reactor();
        ReactorChannel channel = Connect(reactor, pair, ni, NewRole(ni, DictionaryDownloadMode.None));

        RunUntil(reactor, pair, ni, () => ni.Events.Contains(ReactorChannelEventType.ChannelReady) && pair.ProviderSide.Messages.Count == 2);

        Assert.DoesNotContain(pair.ProviderSide.Messages, m => m.Domain == DomainTypes.Dictionary);
        Assert.Null(channel.Dictionary);
    }

    [Fact]
    public void An_ADH_that_closes_the_dictionary_streams_leaves_the_channel_ready_with_a_warning()
    {
        using var pair = new ReactorPair(serveDictionary: false);   // answers each request with a Closed status
        pair.ProviderRole.LoginRefresh.Attributes.SupportProviderDictionaryDownload = 1;
        var ni = new Recorder();
        using var reactor = new Reactor();
        ReactorChannel channel = Connect(reactor, pair, ni, NewRole(ni, DictionaryDownloadMode.FirstAvailable));

        RunUntil(reactor, pair, ni, () => ni.Events.Contains(ReactorChannelEventType.ChannelReady));

        Assert.Equal([ReactorChannelEventType.ChannelUp, ReactorChannelEventType.Warning, ReactorChannelEventType.ChannelReady], ni.Events);
        Assert.Contains("RWFFld", Assert.Single(ni.Errors));
        Assert.Contains((DomainTypes.Dictionary, MsgClass.Status, -2), ni.Messages);
        Assert.Null(channel.Dictionary);
        Assert.Equal(ReactorChannelState.Ready, channel.State);
    }

    private static NIProviderRole NewRole(Recorder ni, DictionaryDownloadMode download)
    {
        var login = new LoginRequest { UserName = "ni-dictionary" };
        login.Attributes.Role = LoginRoles.Provider;
        var directory = new DirectoryRefresh { StreamId = -1, Filter = ServiceFilterFlags.Info | ServiceFilterFlags.State };
        Service service = Services.DirectFeed();
        service.ServiceId = NiServiceId;
        service.Info!.ServiceName = "NI_PUB";
        directory.Services.Add(service);
        return new NIProviderRole(ni) { LoginRequest = login, DirectoryRefresh = directory, DictionaryDownload = download };
    }

    private static ReactorChannel Connect(Reactor reactor, ReactorPair pair, Recorder ni, NIProviderRole role) =>
        reactor.Connect(new ReactorConnectOptions { Connect = new ConnectOptions { Host = "127.0.0.1", Port = pair.Port } }, role);

    private static void RunUntil(Reactor reactor, ReactorPair pair, Recorder ni, Func<bool> condition)
    {
        var clock = System.Diagnostics.Stopwatch.StartNew();
        while (!condition())
        {
            Assert.True(clock.Elapsed < ReactorPair.Deadline,
                $"NI handshake incomplete; events [{string.Join(", ", ni.Events)}], errors [{string.Join(" | ", ni.Errors)}], ADH saw [{string.Join(", ", pair.ProviderSide.Messages)}]");
            reactor.Dispatch(1);
            pair.Provider.Dispatch(1);
        }
    }
}
