using Eta.Codec;
using Eta.Codec.Rdm;

namespace Eta.ValueAdd;

/// <summary>
/// An interactive provider: channels accepted from a <see cref="Reactor.Listen"/> server. With
/// <see cref="AnswerAdminRequests"/> (the default) the reactor answers each login request with
/// <see cref="LoginRefresh"/> (stream id and user name taken from the request), each directory request with
/// <see cref="Services"/> (the filter and service the request names), and each dictionary request with parts of
/// <see cref="Dictionary"/>; the callbacks still see every request. The channel is ready as soon as it is up
/// (as in LSEG's reactor, a provider has no handshake of its own to wait for).
/// </summary>
public sealed class ProviderRole : ReactorRole
{
    public ProviderRole(IReactorCallbacks callbacks) : base(callbacks) { }

    public bool AnswerAdminRequests { get; set; } = true;

    /// <summary>The template of every login refresh (its attributes, e.g. SupportOMMPost, are sent as set).</summary>
    public LoginRefresh LoginRefresh { get; } = new();

    /// <summary>The services of the directory refresh.</summary>
    public List<Service> Services { get; } = [];

    /// <summary>Served on RWFFld and RWFEnum requests; null: dictionary requests are answered with a closed status.</summary>
    public DataDictionary? Dictionary { get; set; }

    internal override RoleSession CreateSession(ReactorChannel channel) => new ProviderSession(this, channel);
}
