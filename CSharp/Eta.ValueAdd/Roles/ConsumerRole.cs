using Eta.Codec;
using Eta.Codec.Rdm;

namespace Eta.ValueAdd;

/// <summary>
/// A consumer: on every connection the reactor sends <see cref="LoginRequest"/>; on an open/ok login refresh it
/// sends <see cref="DirectoryRequest"/>; on the directory refresh it downloads the dictionaries when
/// <see cref="DictionaryDownload"/> asks for it; then it reports <see cref="ReactorChannelEventType.ChannelReady"/>.
/// Leaving a request null skips that step and everything after it (no login: ready as soon as the channel is up).
/// </summary>
public sealed class ConsumerRole : ReactorRole
{
    /// <summary>Stream ids the reactor uses for its dictionary requests (LSEG's reactor uses the same).</summary>
    public const int FieldDictionaryStreamId = 3, EnumDictionaryStreamId = 4;

    public ConsumerRole(IReactorCallbacks callbacks) : base(callbacks) { }

    /// <summary>Sent first on every connection (stream 1 by default).</summary>
    public LoginRequest? LoginRequest { get; set; }

    /// <summary>Sent after the login refresh (stream 2, Info|State|Group by default in <see cref="Codec.Rdm.DirectoryRequest"/>).</summary>
    public DirectoryRequest? DirectoryRequest { get; set; }

    public DictionaryDownloadMode DictionaryDownload { get; set; }

    /// <summary>
    /// A dictionary the application already has (e.g. <see cref="DataDictionary.LoadFieldDictionary"/> from files);
    /// exposed as <see cref="ReactorChannel.Dictionary"/>. With <see cref="DictionaryDownloadMode.FirstAvailable"/>
    /// the downloaded dictionary replaces it on the channel.
    /// </summary>
    public DataDictionary? Dictionary { get; set; }

    /// <summary>
    /// The watchlist's seam: when set, every channel of this role routes item submits and item messages through the
    /// layer it creates instead of straight to the transport and <see cref="IReactorCallbacks.OnDefaultMsg"/>.
    /// </summary>
    internal Func<ReactorChannel, IConsumerItemLayer>? ItemLayerFactory { get; set; }

    internal override RoleSession CreateSession(ReactorChannel channel) => new ConsumerSession(this, channel);
}
