using System.Runtime.InteropServices;

namespace PerfTools.Common.Lifetime;

/// <summary>
/// The one cancellation token a run obeys. It fires on the first of: Ctrl+C / SIGINT / SIGTERM / SIGHUP (the terminal
/// or ssh session the run started from went away: without a handler the runtime would end it with no summary), the run time
/// expiring, an outside token (tests, hosting), or <see cref="Request"/> from the tool (peer disconnected,
/// fatal error). <see cref="Reason"/> keeps the first cause. The tool then leaves its loops and writes every
/// output file in one place.
/// </summary>
public sealed class ShutdownSignal : IDisposable
{
    private readonly CancellationTokenSource _source;
    private readonly List<PosixSignalRegistration> _signals = [];
    private readonly CancellationTokenSource? _runTimer;
    private int _reason;

    /// <param name="handleSignals">Register SIGINT/SIGTERM/SIGHUP handlers (Ctrl+C); false for in-process tests.</param>
    public ShutdownSignal(TimeSpan? runTime, CancellationToken outside = default, bool handleSignals = true)
    {
        _source = CancellationTokenSource.CreateLinkedTokenSource(outside);
        if (outside.CanBeCanceled)
            outside.Register(() => Request(ShutdownReason.Interrupted));
        if (runTime is { } limit && limit <= LongestTimedRun)
        {
            _runTimer = new CancellationTokenSource(limit);
            _runTimer.Token.Register(() => Request(ShutdownReason.RunTimeExpired));
        }
        if (handleSignals)
        {
            foreach (PosixSignal signal in HandledSignals)
            {
                _signals.Add(PosixSignalRegistration.Create(signal, context =>
                {
                    context.Cancel = true; // keep the process alive so outputs get written
                    Request(ShutdownReason.Interrupted);
                }));
            }
        }
    }

    /// <summary>
    /// The longest run time a timer holds (2^32 - 2 ms, 49.7 days). A longer one, such as <c>-runTime 2147483647</c>
    /// for "until stopped", runs until stopped.
    /// </summary>
    public static TimeSpan LongestTimedRun { get; } = TimeSpan.FromMilliseconds(uint.MaxValue - 1);

    /// <summary>The signals that end a run the way Ctrl+C does, outputs written.</summary>
    public static IReadOnlyList<PosixSignal> HandledSignals { get; } = [PosixSignal.SIGINT, PosixSignal.SIGTERM, PosixSignal.SIGHUP];

    public CancellationToken Token => _source.Token;

    public ShutdownReason Reason => (ShutdownReason)Volatile.Read(ref _reason);

    public bool IsRequested => _source.IsCancellationRequested;

    /// <summary>Ends the run; the first reason given is the one kept. Safe from any thread.</summary>
    public void Request(ShutdownReason reason)
    {
        Interlocked.CompareExchange(ref _reason, (int)reason, (int)ShutdownReason.None);
        try
        {
            _source.Cancel();
        }
        catch (ObjectDisposedException)
        {
            // The run has already been torn down; nothing left to stop.
        }
    }

    public void Dispose()
    {
        foreach (PosixSignalRegistration registration in _signals)
            registration.Dispose();
        _runTimer?.Dispose();
        _source.Dispose();
    }
}
