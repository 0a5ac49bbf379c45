using System.Runtime.CompilerServices;

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

    // Inlined into every per-message call, with the Monitor calls kept out of line: without locking, entering and
    // leaving the gate is one test each (as a call, with Monitor's fast path inlined, it cost about 70 instructions
    // per message on the write path).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public Scope Enter()
    {
        if (!_enabled)
            return default;
        Lock();
        return new Scope(this);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void Lock() => Monitor.Enter(this);

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void Unlock() => Monitor.Exit(this);

    internal readonly ref struct Scope
    {
        private readonly ChannelGate? _gate;

        public Scope(ChannelGate? gate) => _gate = gate;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void Dispose() => _gate?.Unlock();
    }
}
