using System.Net.Sockets;

namespace PerfTools.Common.Network;

/// <summary>
/// The readiness of one thread's channels (every channel belongs to exactly one loop, so nothing here locks):
/// waits at most the tick's spare time until a channel is readable, or, for a channel whose output waits for the
/// socket (<see cref="IChannelPort.AwaitsWritable"/>), writable; then reads a bounded slice from each channel that is
/// readable or still has buffered input, and from no other, and tells each port whose socket became writable, so
/// the owner's flush after the pump sends at once. A channel that floods cannot starve the others or the thread's
/// next tick: it gets <see cref="ReadsPerSlice"/> messages, and the rest waits for the next pump.
/// Allocates nothing per pump once the channel set is stable.
/// </summary>
public sealed class ChannelLoop
{
    /// <summary>Messages read from one channel per pump unless the tool says otherwise.</summary>
    public const int DefaultReadsPerSlice = 256;

    private readonly List<ChannelReader> _readers = [];
    private readonly List<Socket> _waitSet = [];
    private readonly List<Socket> _writeSet = [];
    private readonly SocketWait _wait = new();
    private readonly bool _busyRead;

    /// <param name="readsPerSlice">At most this many messages per channel per pump.</param>
    /// <param name="busyRead">Never wait: read every channel on every pump (TransportPerf's -busyRead).</param>
    public ChannelLoop(int readsPerSlice = DefaultReadsPerSlice, bool busyRead = false)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(readsPerSlice, 1);
        ReadsPerSlice = readsPerSlice;
        _busyRead = busyRead;
    }

    public int ReadsPerSlice { get; }

    public int Count => _readers.Count;

    public IReadOnlyList<ChannelReader> Readers => _readers;

    public void Add(ChannelReader reader) => _readers.Add(reader);

    public void Remove(ChannelReader reader) => _readers.Remove(reader);

    /// <summary>
    /// Waits up to <paramref name="timeout"/> (to the microsecond on Linux, see <see cref="SocketWait"/>) for
    /// input, or for a socket that output waits on to become writable, then reads a slice from every channel that
    /// has input and marks the writable ones (<see cref="IChannelPort.OnWritable"/>). Returns how many channels were
    /// read; a channel whose slice ended <see cref="ReadSliceOutcome.Failed"/> or <see cref="ReadSliceOutcome.Stopped"/>
    /// says so in its <see cref="ChannelReader.LastOutcome"/> for the owner to close it. With no channel, returns 0 at
    /// once.
    /// </summary>
    public int Pump(TimeSpan timeout)
    {
        int count = _readers.Count;
        if (count == 0)
            return 0;
        if (_busyRead)
        {
            // Never waits, so never learns of write readiness either: each flush tries the socket, as it always did.
            MarkWritable(static (_, _) => true);
            return ReadWhere(static (_, _) => true);
        }

        bool anyBuffered = false, anyAwaitsWritable = false;
        foreach (ChannelReader reader in _readers)
        {
            anyBuffered |= reader.HasBufferedInput;
            anyAwaitsWritable |= reader.Port.AwaitsWritable;
        }
        // Buffered input must not wait; the other channels are still only read when their sockets say so.
        TimeSpan wait = anyBuffered ? TimeSpan.Zero : timeout;
        if (count == 1 && !anyAwaitsWritable)
        {
            ChannelReader only = _readers[0];
            if (!only.HasBufferedInput && !WaitReadable(only.Port.Socket, wait))
                return 0;
            only.ReadSlice(ReadsPerSlice);
            return 1;
        }
        _waitSet.Clear();
        _writeSet.Clear();
        foreach (ChannelReader reader in _readers)
        {
            Socket socket = reader.Port.Socket;
            _waitSet.Add(socket);
            if (reader.Port.AwaitsWritable)
                _writeSet.Add(socket);
        }
        try
        {
            _wait.Wait(_waitSet, anyAwaitsWritable ? _writeSet : null, wait);
        }
        catch (Exception e) when (e is SocketException or ObjectDisposedException)
        {
            // A socket failed under us: reading and flushing every channel lets the transport say which one closed.
            MarkWritable(static (_, _) => true);
            return ReadWhere(static (_, _) => true);
        }
        if (anyAwaitsWritable)
            MarkWritable(static (port, writable) => writable.Contains(port.Socket));
        return ReadWhere(static (reader, readable) => reader.HasBufferedInput || readable.Contains(reader.Port.Socket));
    }

    private void MarkWritable(Func<IChannelPort, List<Socket>, bool> writable)
    {
        foreach (ChannelReader reader in _readers)
        {
            IChannelPort port = reader.Port;
            if (port.AwaitsWritable && writable(port, _writeSet))
                port.OnWritable();
        }
    }

    private int ReadWhere(Func<ChannelReader, List<Socket>, bool> ready)
    {
        int read = 0;
        // Backwards, so an owner may remove a failed channel from a callback without skipping one.
        for (int i = _readers.Count - 1; i >= 0; i--)
        {
            if (i >= _readers.Count)
                continue;
            ChannelReader reader = _readers[i];
            if (!ready(reader, _waitSet))
                continue;
            reader.ReadSlice(ReadsPerSlice);
            read++;
        }
        return read;
    }

    /// <summary>True when the socket is readable within <paramref name="microseconds"/>, or failed (the read says how).</summary>
    public static bool PollReadable(Socket socket, int microseconds)
    {
        try
        {
            return socket.Poll(microseconds, SelectMode.SelectRead);
        }
        catch (Exception e) when (e is SocketException or ObjectDisposedException)
        {
            return true;
        }
    }

    /// <summary>True when the socket is readable within <paramref name="timeout"/>, or failed (the read says how).</summary>
    private bool WaitReadable(Socket socket, TimeSpan timeout)
    {
        try
        {
            return _wait.WaitReadable(socket, timeout);
        }
        catch (Exception e) when (e is SocketException or ObjectDisposedException)
        {
            return true;
        }
    }
}
