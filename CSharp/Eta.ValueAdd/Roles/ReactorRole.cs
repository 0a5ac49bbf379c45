namespace Eta.ValueAdd;

/// <summary>
/// What a channel does for the application: which administrative handshake the reactor runs on it and where its
/// events go. Set up once before <see cref="Reactor.Connect"/> / <see cref="Reactor.Listen"/>; the reactor reads
/// it on every (re)connection, so it must not change while channels use it.
/// </summary>
public abstract class ReactorRole
{
    protected ReactorRole(IReactorCallbacks callbacks) =>
        Callbacks = callbacks ?? throw new ArgumentNullException(nameof(callbacks));

    /// <summary>Where the channel's events and messages go.</summary>
    public IReactorCallbacks Callbacks { get; }

    /// <summary>Creates the per-channel state machine that runs this role's handshake.</summary>
    internal abstract RoleSession CreateSession(ReactorChannel channel);
}
