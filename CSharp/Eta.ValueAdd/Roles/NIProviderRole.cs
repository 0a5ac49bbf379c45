using Eta.Codec.Rdm;

namespace Eta.ValueAdd;

/// <summary>
/// A non-interactive provider publishing to an ADH (or PerfHub): on every connection the reactor sends
/// <see cref="LoginRequest"/> (set its Role attribute to provider, 1); on an open/ok login refresh it sends
/// <see cref="DirectoryRefresh"/> (unsolicited, on the stream id it carries; LSEG's tools use a negative one) and
/// reports <see cref="ReactorChannelEventType.ChannelReady"/> — after downloading the dictionaries from the ADH when
/// <see cref="DictionaryDownload"/> asks for it and the login refresh offers it.
/// </summary>
public sealed class NIProviderRole : ReactorRole
{
    /// <summary>
    /// Stream ids of the dictionary requests (LSEG's NI provider role uses the same); when the login or directory
    /// stream has one of them, the next lower free id is taken.
    /// </summary>
    public const int FieldDictionaryStreamId = -2, EnumDictionaryStreamId = -3;

    public NIProviderRole(IReactorCallbacks callbacks) : base(callbacks) { }

    public LoginRequest? LoginRequest { get; set; }

    public DirectoryRefresh? DirectoryRefresh { get; set; }

    /// <summary>
    /// <see cref="DictionaryDownloadMode.FirstAvailable"/>: after the directory refresh, when the login refresh says
    /// SupportProviderDictionaryDownload = 1, request RWFFld and RWFEnum (streaming, normal verbosity) for the
    /// directory refresh's first service; the channel is ready when both are complete (each stream is closed once its
    /// dictionary is), and <see cref="ReactorChannel.Dictionary"/> holds them. Repeated on every connection.
    /// Needs <see cref="LoginRequest"/> and <see cref="DirectoryRefresh"/> with a service.
    /// </summary>
    public DictionaryDownloadMode DictionaryDownload { get; set; }

    internal override RoleSession CreateSession(ReactorChannel channel) => new NIProviderSession(this, channel);
}
