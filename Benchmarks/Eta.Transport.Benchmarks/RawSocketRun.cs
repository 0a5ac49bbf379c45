using System.Buffers.Binary;
using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using Eta.Benchmarks.Shared;

namespace Eta.Transport.Benchmarks;

/// <summary>
/// The baseline: the same RIPC frames (3-byte header, packed lengths when packed) built into a 6144-byte
/// batch (the transport's default high-water mark) and sent through a plain Socket; the reader receives
/// and walks the frames to count messages. No pools, queues or checks: the floor the transport pays on top of.
/// </summary>
internal static class RawSocketRun
{
    /// <summary>Bytes of frames per send (the transport's default high-water mark); the writer reads its clock once per batch.</summary>
    public const int Batch = 6144;

    public static RunResult Measure(Workload workload, int seconds)
    {
        // The socket options the transport applies, at the same points: the listener's receive buffer before
        // listen (accepted sockets inherit it, and it fixes the TCP window scale), the rest before connect
        // and after accept. Otherwise the two would run with different TCP windows, not just different code.
        int bufferSize = workload.EffectiveSocketBufferSize;
        using var listener = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp) { ReceiveBufferSize = bufferSize };
        listener.Bind(new IPEndPoint(IPAddress.Loopback, 0));
        listener.Listen(1);
        using var writer = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp)
        {
            NoDelay = true, SendBufferSize = bufferSize, ReceiveBufferSize = bufferSize,
        };
        writer.Connect(listener.LocalEndPoint!);
        using Socket reader = listener.Accept();
        reader.NoDelay = true;
        reader.SendBufferSize = bufferSize;
        reader.ReceiveBufferSize = bufferSize;

        using var stop = new CancellationTokenSource();
        long received = 0, readerCpu = 0;
        var readerThread = new Thread(() =>
        {
            long cpu = ThreadCpuClock.NowNanoseconds();
            received = ReadUntil(reader, stop.Token);
            readerCpu = ThreadCpuClock.NowNanoseconds() - cpu;
        });
        readerThread.Start();
        var clock = Stopwatch.StartNew();
        long writerCpu = ThreadCpuClock.NowNanoseconds();
        WriteFor(writer, workload, TimeSpan.FromSeconds(seconds));
        writerCpu = ThreadCpuClock.NowNanoseconds() - writerCpu;
        double elapsed = clock.Elapsed.TotalSeconds;
        stop.Cancel();
        readerThread.Join();
        return new RunResult(received, elapsed, 0, writerCpu, readerCpu);
    }

    private static void WriteFor(Socket socket, Workload workload, TimeSpan duration)
    {
        var batch = new byte[Batch + Workload.FragmentSize + 3];
        var clock = Stopwatch.StartNew();
        long sequence = 0;
        while (clock.Elapsed < duration)
        {
            int length = 0;
            while (length < Batch)
                length += AppendFrame(batch.AsSpan(length), workload, ref sequence);
            for (int sent = 0; sent < length;)
                sent += socket.Send(batch, sent, length - sent, SocketFlags.None);
        }
        socket.Shutdown(SocketShutdown.Send);
    }

    private static int AppendFrame(Span<byte> target, Workload workload, ref long sequence)
    {
        int position = 3;
        for (int i = 0; i < workload.MessagesPerBuffer; i++)
        {
            if (workload.Packed)
            {
                BinaryPrimitives.WriteUInt16BigEndian(target[position..], (ushort)workload.MessageSize);
                position += 2;
            }
            Span<byte> message = target.Slice(position, workload.MessageSize);
            BitConverter.TryWriteBytes(message, sequence++);
            message[8..].Clear();
            position += workload.MessageSize;
        }
        BinaryPrimitives.WriteUInt16BigEndian(target, (ushort)position);
        target[2] = workload.Packed ? (byte)0x12 : (byte)0x02;
        return position;
    }

    private static long ReadUntil(Socket socket, CancellationToken stop)
    {
        var buffer = new byte[64 * 1024];
        int start = 0, end = 0;
        long messages = 0;
        socket.Blocking = false; // waits on readiness like the transport's reader, so only the per-message work differs
        while (!stop.IsCancellationRequested)
        {
            if (start > 0)
            {
                Buffer.BlockCopy(buffer, start, buffer, 0, end - start);
                end -= start;
                start = 0;
            }
            int read = socket.Receive(buffer.AsSpan(end), SocketFlags.None, out SocketError status);
            if (status == SocketError.WouldBlock)
            {
                socket.Poll(1000, SelectMode.SelectRead);
                continue;
            }
            if (status != SocketError.Success || read == 0)
                break;
            end += read;
            while (end - start >= 3)
            {
                int frame = BinaryPrimitives.ReadUInt16BigEndian(buffer.AsSpan(start));
                if (end - start < frame)
                    break;
                messages += buffer[start + 2] == 0x12 ? CountPacked(buffer.AsSpan(start + 3, frame - 3)) : 1;
                start += frame;
            }
        }
        return messages;
    }

    private static int CountPacked(ReadOnlySpan<byte> payload)
    {
        int count = 0;
        for (int p = 0; p + 2 <= payload.Length; count++)
            p += 2 + BinaryPrimitives.ReadUInt16BigEndian(payload[p..]);
        return count;
    }
}
