using System.Diagnostics;
using System.Net;
using System.Net.Sockets;

namespace PerfTools.Common.Network;

/// <summary>
/// The failed attempts of a client tool to reach its peer, kept so that when it gives up (its startup timeout) it can
/// say in one line why: the host name has no address, or nothing accepted the connection. Connecting threads record,
/// the main thread reads; every tool words the give-up line the same way.
/// </summary>
public sealed class ConnectFailures
{
    private readonly string _host;
    private readonly string _port;
    private string? _lastError;
    private string? _unfinished;
    private int _hostNotFound; // 1: the last lookup of the host name found no address
    private readonly long _started = Stopwatch.GetTimestamp(); // made when the tool starts trying

    public ConnectFailures(string host, string port)
    {
        _host = host;
        _port = port;
    }

    /// <summary>True once an attempt failed (and none is known to have succeeded: the tool tracks that).</summary>
    public bool Any => Volatile.Read(ref _lastError) is not null;

    /// <summary>True when the last failure came with a host name that has no address.</summary>
    public bool HostNotFound => Volatile.Read(ref _hostNotFound) == 1;

    /// <summary>
    /// Records a failed attempt; true for the first (the one to print: retries are not printed). Looks the host name
    /// up (on the caller's thread, which is about to wait before retrying anyway) so the give-up line does not have to
    /// guess from the transport's text.
    /// </summary>
    public bool Record(string error)
    {
        Volatile.Write(ref _hostNotFound, Resolves(_host) ? 0 : 1);
        return Interlocked.Exchange(ref _lastError, error) is null;
    }

    /// <summary>
    /// Records where the attempt under way stood when the run ended (<c>Channel.PendingHandshake</c>), so that a tool
    /// none of whose attempts failed can say what it was still waiting for.
    /// </summary>
    public void RecordUnfinished(string? where)
    {
        if (where is not null)
            Volatile.Write(ref _unfinished, where);
    }

    /// <summary>The line printed once when <paramref name="who"/> starts retrying.</summary>
    public string RetryLine(string who, string error, TimeSpan pause) =>
        $"{who}: connection to {_host}:{_port} failed ({error}); retrying every {pause.TotalSeconds:0.#} s.";

    /// <summary>
    /// The one line said when the tool gives up after <paramref name="seconds"/>: starts "host not found" or
    /// "cannot connect", and names the host and port.
    /// </summary>
    public string GiveUpLine(long seconds)
    {
        string? last = Volatile.Read(ref _lastError);
        if (HostNotFound)
            return $"host not found: {_host} has no address (port {_port}; gave up after {seconds} s)";
        return $"cannot connect to {_host}:{_port} within {seconds} s" + (last is null ? $" ({Unfinished ?? NoAnswer})" : $" (last attempt: {last})");
    }

    /// <summary>
    /// The line said when the run was stopped (Ctrl+C, SIGTERM, SIGHUP) before a connection was made: how long the
    /// tool had tried, not its run time, which a "within" line would claim.
    /// </summary>
    public string InterruptedLine()
    {
        string? last = Volatile.Read(ref _lastError);
        long seconds = (long)Stopwatch.GetElapsedTime(_started).TotalSeconds;
        if (HostNotFound)
            return $"host not found: {_host} has no address (port {_port}; interrupted after {seconds} s)";
        return $"interrupted after {seconds} s, before a connection to {_host}:{_port} was made"
            + (last is not null ? $" (last attempt: {last})" : Unfinished is { } unfinished ? $" ({unfinished})" : "");
    }

    private string? Unfinished => Volatile.Read(ref _unfinished) is { } where ? "no attempt failed; the one under way " + where : null;

    /// <summary>Why, when no attempt failed: the one under way never completed.</summary>
    private const string NoAnswer =
        "no attempt failed or completed: the host did not answer the TCP connect or the RIPC handshake, as with a firewall "
        + "that drops packets, a server too busy to accept, or one that does not speak RSSL";

    private static bool Resolves(string host)
    {
        if (IPAddress.TryParse(host, out _))
            return true;
        try
        {
            return Dns.GetHostAddresses(host).Length > 0;
        }
        catch (SocketException)
        {
            return false;
        }
        catch (ArgumentException)
        {
            return false;
        }
    }
}
