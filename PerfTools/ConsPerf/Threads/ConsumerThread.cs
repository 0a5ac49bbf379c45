using PerfTools.Common.Items;
using PerfTools.Common.Lifetime;
using PerfTools.Common.Network;
using PerfTools.Common.Threading;
using PerfTools.ConsPerf.Options;
using PerfTools.ConsPerf.Run;
using PerfTools.ConsPerf.Session;
using PerfTools.ConsPerf.Statistics;

namespace PerfTools.ConsPerf.Threads;

/// <summary>
/// One consumer connection on its own (optionally pinned) thread (§4.2.1): connect, retrying until the provider
/// listens; log in; find the service; request the items; then read and measure until the main thread stops it.
/// Ends on its own only on failure, setting <see cref="End"/> and calling the <c>ended</c> callback.
/// </summary>
public sealed class ConsumerThread
{
    private readonly int _cpuId;
    private readonly ConsPerfOptions _options;
    private readonly ConsumerResources _resources;
    private readonly ItemSpec[] _items;
    private readonly Action<string> _warn;
    private readonly Action _ended;
    private readonly ConnectFailures _connectFailures;
    private readonly CancellationTokenSource _stop = new();
    private Thread? _thread;
    private ThreadEnd? _end;

    public ConsumerThread(int threadNumber, int cpuId, ConsPerfOptions options, ConsumerResources resources,
        ItemSpec[] items, ConsumerThreadStats stats, ConnectFailures connectFailures, Action<string> warn, Action ended)
    {
        _connectFailures = connectFailures;
        _cpuId = cpuId;
        _options = options;
        _resources = resources;
        _items = items;
        Stats = stats;
        _warn = warn;
        _ended = ended;
        ThreadNumber = threadNumber;
    }

    public int ThreadNumber { get; }

    public ConsumerThreadStats Stats { get; }

    /// <summary>Set when the thread stopped by itself (a failure); null while running or after a requested stop.</summary>
    public ThreadEnd? End => Volatile.Read(ref _end);

    public void Start() => _thread = ToolThread.Start($"ConsPerf consumer {ThreadNumber}", _cpuId, Run, _warn, Crashed);

    public void RequestStop() => _stop.Cancel();

    public bool Join(TimeSpan timeout) => _thread is null || _thread.Join(timeout);

    private void Run()
    {
        ThreadEnd? end;
        if (_options.UseReactor || _options.UseWatchlist)
            end = Reactor.ReactorConsumerThread.Run(ThreadNumber, _options, _resources, _items, Stats, _connectFailures, _warn, _stop.Token);
        else
            using (var session = new ConsumerSession(ThreadNumber, _options, _resources, _items, Stats, _connectFailures, _warn))
                end = session.Run(_stop.Token);
        if (end is not null && !_stop.IsCancellationRequested)
        {
            Volatile.Write(ref _end, end);
            _ended();
        }
    }

    private void Crashed(Exception exception)
    {
        string name = $"Consumer thread {ThreadNumber}";
        _warn(InternalError.Report(name, exception));
        Volatile.Write(ref _end, new ThreadEnd(RunOutcomeKind.InternalError, InternalError.Reason(exception)));
        _ended();
    }
}
