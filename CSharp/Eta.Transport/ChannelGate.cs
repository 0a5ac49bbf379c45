namespace Eta.Transport;

/// <summary>
/// An optional lock: taken only when the transport was initialized with global locking, so single-threaded
/// users pay nothing. A channel holds two, one for its write side and one for its read side, so one thread may
/// read while another writes; Close and the ping-timeout close take both, write gate first.
/// Use as <c>using (_gate.Enter()) { ... }</c>.
/// </summary>
internal sealed class ChannelGate
{
    private readonly bool _enabled;

    public ChannelGate(bool enabled) => _enabled = enabled;

    public Scope Enter()
    {
        if (_enabled)
            Monitor.Enter(this);
        return new Scope(_enabled ? this : null);
    }

    internal readonly ref struct Scope
    {
        private readonly ChannelGate? _gate;

        public Scope(ChannelGate? gate) => _gate = gate;

        public void Dispose()
        {
            if (_gate is not null)
                Monitor.Exit(_gate);
        }
    }
}
