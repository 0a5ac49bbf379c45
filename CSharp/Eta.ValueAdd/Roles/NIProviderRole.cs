using Eta.Codec.Rdm;

namespace Eta.ValueAdd;

/// <summary>
/// A non-interactive provider publishing to an ADH (or PerfHub): on every connection the reactor sends
/// <see cref="LoginRequest"/> (set its Role attribute to provider, 1); on an open/ok login refresh it sends
/// <see cref="DirectoryRefresh"/> (unsolicited, on the stream id it carries; LSEG's tools use a negative one) and
/// reports <see cref="ReactorChannelEventType.ChannelReady"/>.
/// </summary>
public sealed class NIProviderRole : ReactorRole
{
    public NIProviderRole(IReactorCallbacks callbacks) : base(callbacks) { }

    public LoginRequest? LoginRequest { get; set; }

    public DirectoryRefresh? DirectoryRefresh { get; set; }

    internal override RoleSession CreateSession(ReactorChannel channel) => new NIProviderSession(this, channel);
}
