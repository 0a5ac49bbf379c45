using System.Diagnostics;
using System.Net.Sockets;
using Eta.Benchmarks.Shared;

namespace Eta.Transport.Benchmarks;

/// <summary>
/// One client channel writing (GetBuffer, encode, [PackBuffer], Write; Flush when the queue is full) and
/// the accepted server channel reading on another thread, for a fixed time. Allocations are measured on
/// both threads after the channels are set up.
/// </summary>
internal static class TransportRun
{
    /// <summary>Queued bytes beyond which the writer waits for the socket (a few fragments' worth).</summary>
    private const int Backlog = 64 * 1024;

    public static RunResult Measure(Workload workload, int seconds)
    {
        Transport.Initialize();
        int socketBuffer = workload.SocketBufferSize;
        Server server = Transport.Bind(new BindOptions
            {
                Port = 0, InterfaceName = "127.0.0.1", GuaranteedOutputBuffers = 5000, SysRecvBufSize = socketBuffer, SysSendBufSize = socketBuffer,
            }, out TransportError? error)
            ?? throw new InvalidOperationException(error!.ToString());
        Channel client = Transport.Connect(new ConnectOptions
            {
                Host = "127.0.0.1", Port = server.Port, GuaranteedOutputBuffers = 5000, SysRecvBufSize = socketBuffer, SysSendBufSize = socketBuffer,
            }, out error)
            ?? throw new InvalidOperationException(error!.ToString());
        Channel reader = Handshake(server, client);
        try
        {
            using var stop = new CancellationTokenSource();
            long readerAllocated = 0;
            long received = 0, readerCpu = 0;
            var readerThread = new Thread(() =>
            {
                long cpu = ThreadCpuClock.NowNanoseconds();
                received = ReadUntil(reader, stop.Token, out readerAllocated);
                readerCpu = ThreadCpuClock.NowNanoseconds() - cpu;
            });
            readerThread.Start();
            var clock = Stopwatch.StartNew();
            long writerCpu = ThreadCpuClock.NowNanoseconds();
            long writerAllocated = WriteFor(client, workload, TimeSpan.FromSeconds(seconds));
            writerCpu = ThreadCpuClock.NowNanoseconds() - writerCpu;
            double elapsed = clock.Elapsed.TotalSeconds;
            stop.Cancel();
            readerThread.Join();
            return new RunResult(received, elapsed, writerAllocated + readerAllocated, writerCpu, readerCpu);
        }
        finally
        {
            client.Close();
            reader.Close();
            server.Close();
            Transport.Uninitialize();
        }
    }

    private static long WriteFor(Channel channel, Workload workload, TimeSpan duration)
    {
        var waiter = new Waiter();
        // The clock is read with the static GetTimestamp: a Stopwatch object made here would count as the transport's allocation.
        long end = Stopwatch.GetTimestamp() + (long)(duration.TotalSeconds * Stopwatch.Frequency);
        long before = GC.GetAllocatedBytesForCurrentThread();
        int bufferSize = workload.Packed ? Workload.FragmentSize : workload.MessageSize;
        long sequence = 0;
        // The clock is read once per high-water mark of bytes written, as the raw side reads it once per batch of
        // that size: on this VM a clock read costs about as much as a small message's whole write path.
        int frameBytes = 3 + workload.MessagesPerBuffer * (workload.MessageSize + (workload.Packed ? 2 : 0));
        int sinceClock = 0;
        while (sinceClock > 0 || Stopwatch.GetTimestamp() < end)
        {
            if (channel.GetBuffer(bufferSize, workload.Packed, out TransportBuffer? buffer) != TransportReturnCode.Success)
            {
                if (channel.Flush() > TransportReturnCode.Success)
                    waiter.Wait(channel.Socket, SelectMode.SelectWrite);
                continue;
            }
            for (int i = 0; i < workload.MessagesPerBuffer; i++)
            {
                Span<byte> data = buffer!.Data;
                BitConverter.TryWriteBytes(data, sequence++); // TransportPerf: 8-byte sequence number, zeros after
                data[8..workload.MessageSize].Clear();
                buffer.Length = workload.MessageSize;
                if (i + 1 < workload.MessagesPerBuffer)
                    channel.PackBuffer(buffer);
            }
            sinceClock += frameBytes;
            if (sinceClock >= RawSocketRun.Batch)
                sinceClock = 0;
            TransportReturnCode result = channel.Write(buffer!);
            if (result < TransportReturnCode.Success)
                throw new InvalidOperationException($"Write: {result} {channel.Error}");
            // The guide's write model: when the socket pushes back, wait until it is writable and flush,
            // instead of running ahead through thousands of queued buffers.
            while ((int)result > Backlog)
            {
                waiter.Wait(channel.Socket, SelectMode.SelectWrite);
                result = channel.Flush();
            }
        }
        while (channel.Flush() > TransportReturnCode.Success)
            waiter.Wait(channel.Socket, SelectMode.SelectWrite);
        return GC.GetAllocatedBytesForCurrentThread() - before - waiter.PollAllocatedBytes;
    }

    private static long ReadUntil(Channel channel, CancellationToken stop, out long allocated)
    {
        var waiter = new Waiter();
        long before = GC.GetAllocatedBytesForCurrentThread();
        long messages = 0;
        while (!stop.IsCancellationRequested)
        {
            TransportReturnCode result = channel.Read(out TransportBuffer? message);
            if (message is not null)
                messages++;
            else if (result == TransportReturnCode.ReadWouldBlock)
                waiter.Wait(channel.Socket, SelectMode.SelectRead);
            else if (result == TransportReturnCode.Failure)
                throw new InvalidOperationException($"Read: {channel.Error}");
        }
        allocated = GC.GetAllocatedBytesForCurrentThread() - before - waiter.PollAllocatedBytes;
        return messages;
    }

    private static Channel Handshake(Server server, Channel client)
    {
        Channel? accepted = null;
        var clock = Stopwatch.StartNew();
        while (client.State != ChannelState.Active || accepted?.State != ChannelState.Active)
        {
            if (clock.Elapsed > TimeSpan.FromSeconds(10))
                throw new TimeoutException("handshake did not complete");
            if (accepted is null && server.Socket.Poll(1000, SelectMode.SelectRead))
                accepted = server.Accept();
            if (client.State == ChannelState.Initializing)
                client.Init();
            if (accepted?.State == ChannelState.Initializing)
                accepted.Init();
        }
        return accepted;
    }
}
