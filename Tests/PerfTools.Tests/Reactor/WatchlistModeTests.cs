using Eta.ValueAdd;
using PerfTools.ConsPerf.Options;
using PerfTools.ConsPerf.Reactor;
using PerfTools.ConsPerf.Session;
using Xunit;

namespace PerfTools.Tests.Reactor;

/// <summary>
/// ConsPerf <c>-watchlist</c>'s provider stream ids: where they start decides whether every update is passed on as the
/// provider sent it or copied to carry the application's stream id.
/// </summary>
public sealed class WatchlistModeTests
{
    [Fact]
    public void Without_a_dictionary_download_provider_streams_start_where_ConsPerf_items_start()
    {
        var role = new ConsumerRole(new NoCallbacks()) { DictionaryDownload = DictionaryDownloadMode.None };

        Assert.Equal(ItemStreamTable.FirstStreamId, WatchlistMode.FirstProviderStreamId(role));
    }

    [Fact]
    public void With_a_dictionary_download_provider_streams_start_after_the_dictionary_streams()
    {
        var role = new ConsumerRole(new NoCallbacks()) { DictionaryDownload = DictionaryDownloadMode.FirstAvailable };

        Assert.Equal(ConsumerRole.EnumDictionaryStreamId + 1, WatchlistMode.FirstProviderStreamId(role));
    }

    [Fact]
    public void Direct_and_reactor_modes_get_no_watchlist()
    {
        var role = new ConsumerRole(new NoCallbacks());

        Assert.Same(role, WatchlistMode.Apply(role, new ConsPerfOptions(), 10));
    }

    private sealed class NoCallbacks : IReactorCallbacks
    {
        public ReactorCallbackReturn OnChannelEvent(ReactorChannel channel, ReactorChannelEventType type) => ReactorCallbackReturn.Success;
        public ReactorCallbackReturn OnDefaultMsg(ReactorChannel channel, in Eta.Codec.Msg msg) => ReactorCallbackReturn.Success;
    }
}
