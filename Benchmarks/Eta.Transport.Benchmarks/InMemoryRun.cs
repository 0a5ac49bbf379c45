using System.Buffers.Binary;
using System.Diagnostics;

namespace Eta.Transport.Benchmarks;

/// <summary>Nanoseconds per message of one side's work, transport and hand-written, from the same run.</summary>
internal readonly record struct InMemoryResult(double TransportWriteNs, double TransportReadNs, double RawWriteNs, double RawReadNs, long AllocatedBytes)
{
    public double TransportNs => TransportWriteNs + TransportReadNs;

    public double RawNs => RawWriteNs + RawReadNs;

    /// <summary>Each side's fastest time of two runs (noise only ever adds), with the larger allocation.</summary>
    public static InMemoryResult Best(InMemoryResult a, InMemoryResult b) => new(
        Math.Min(a.TransportWriteNs, b.TransportWriteNs), Math.Min(a.TransportReadNs, b.TransportReadNs),
        Math.Min(a.RawWriteNs, b.RawWriteNs), Math.Min(a.RawReadNs, b.RawReadNs), Math.Max(a.AllocatedBytes, b.AllocatedBytes));
}

/// <summary>
/// CPU cost per message without sockets, one thread: the transport's write path (GetBuffer, fill,
/// [PackBuffer], Write, Flush) and read path (Read per message) against the same fill and frame walk done
/// by hand. Works in chunks of about 60 KB (a socket buffer's worth) written then read back, so the bytes
/// stay in cache as they would between a socket and its reader, and times the write and read sides apart.
/// </summary>
internal static class InMemoryRun
{
    public const int Messages = 2_000_000;
    private const int ChunkBytes = 60 * 1024;

    public static InMemoryResult Measure(Workload workload)
    {
        int chunkMessages = Math.Max(1, ChunkBytes / (workload.MessageSize + 5)) / workload.MessagesPerBuffer * workload.MessagesPerBuffer;
        chunkMessages = Math.Max(chunkMessages, workload.MessagesPerBuffer);
        int capacity = 2 * ChunkBytes + Workload.FragmentSize;
        var writeSide = new MemoryStreamPair(capacity);
        Channel writer = Open(writeSide);
        var readSide = new MemoryStreamPair(0);
        Channel reader = Open(readSide);

        long writeTicks = 0, readTicks = 0, sequence = 0, read = 0;
        long allocatedBefore = GC.GetAllocatedBytesForCurrentThread();
        for (int done = 0; done < Messages; done += chunkMessages)
        {
            writeSide.ResetOutput();
            long start = Stopwatch.GetTimestamp();
            Write(writer, workload, chunkMessages, ref sequence);
            long written = Stopwatch.GetTimestamp();
            readSide.Load(writeSide.Output, writeSide.OutputLength);
            read += ReadAll(reader);
            readTicks += Stopwatch.GetTimestamp() - written;
            writeTicks += written - start;
        }
        long allocated = GC.GetAllocatedBytesForCurrentThread() - allocatedBefore;
        if (read != sequence)
            throw new InvalidOperationException($"read {read} of {sequence} messages");

        var rawOutput = new byte[capacity];
        long rawWriteTicks = 0, rawReadTicks = 0, rawSequence = 0, rawRead = 0;
        for (int done = 0; done < Messages; done += chunkMessages)
        {
            long start = Stopwatch.GetTimestamp();
            int length = RawWrite(rawOutput, workload, chunkMessages, ref rawSequence);
            long written = Stopwatch.GetTimestamp();
            rawRead += RawRead(rawOutput, length);
            rawReadTicks += Stopwatch.GetTimestamp() - written;
            rawWriteTicks += written - start;
        }
        if (rawRead != rawSequence)
            throw new InvalidOperationException($"raw read {rawRead} of {rawSequence} messages");

        return new InMemoryResult(NsPerMessage(writeTicks, sequence), NsPerMessage(readTicks, sequence),
            NsPerMessage(rawWriteTicks, rawSequence), NsPerMessage(rawReadTicks, rawSequence), allocated);
    }

    private static double NsPerMessage(long ticks, long messages) => ticks * 1e9 / Stopwatch.Frequency / messages;

    private static Channel Open(MemoryStreamPair stream)
    {
        Channel channel = Channel.ForClientStream(new ConnectOptions { GuaranteedOutputBuffers = 100 }, stream);
        while (channel.Init() == TransportReturnCode.ChanInitInProgress) { }
        if (channel.State != ChannelState.Active)
            throw new InvalidOperationException(channel.Error.ToString());
        stream.Recording = true;
        return channel;
    }

    private static void Write(Channel channel, Workload workload, int messages, ref long sequence)
    {
        int bufferSize = workload.Packed ? Workload.FragmentSize : workload.MessageSize;
        for (int sent = 0; sent < messages;)
        {
            channel.GetBuffer(bufferSize, workload.Packed, out TransportBuffer? buffer);
            int count = Math.Min(workload.MessagesPerBuffer, messages - sent);
            for (int i = 0; i < count; i++)
            {
                Span<byte> data = buffer!.Data;
                BinaryPrimitives.WriteInt64LittleEndian(data, sequence++);
                data[8..workload.MessageSize].Clear();
                buffer.Length = workload.MessageSize;
                if (i + 1 < count)
                    channel.PackBuffer(buffer);
            }
            channel.Write(buffer!);
            sent += count;
        }
        channel.Flush();
    }

    private static long ReadAll(Channel channel)
    {
        long messages = 0;
        while (true)
        {
            TransportReturnCode result = channel.Read(out TransportBuffer? message);
            if (message is not null)
                messages++;
            else if (result == TransportReturnCode.ReadWouldBlock)
                return messages;
        }
    }

    private static int RawWrite(byte[] output, Workload workload, int messages, ref long sequence)
    {
        int position = 0;
        for (int sent = 0; sent < messages;)
        {
            int count = Math.Min(workload.MessagesPerBuffer, messages - sent);
            int frameStart = position;
            position += 3;
            for (int i = 0; i < count; i++)
            {
                if (workload.Packed)
                {
                    BinaryPrimitives.WriteUInt16BigEndian(output.AsSpan(position), (ushort)workload.MessageSize);
                    position += 2;
                }
                Span<byte> message = output.AsSpan(position, workload.MessageSize);
                BinaryPrimitives.WriteInt64LittleEndian(message, sequence++);
                message[8..].Clear();
                position += workload.MessageSize;
            }
            BinaryPrimitives.WriteUInt16BigEndian(output.AsSpan(frameStart), (ushort)(position - frameStart));
            output[frameStart + 2] = workload.Packed ? (byte)0x12 : (byte)0x02;
            sent += count;
        }
        return position;
    }

    private static long RawRead(byte[] input, int length)
    {
        long messages = 0;
        for (int position = 0; position < length;)
        {
            int frame = BinaryPrimitives.ReadUInt16BigEndian(input.AsSpan(position));
            if (input[position + 2] == 0x12)
            {
                for (int p = position + 3; p < position + frame; messages++)
                    p += 2 + BinaryPrimitives.ReadUInt16BigEndian(input.AsSpan(p));
            }
            else
            {
                messages++;
            }
            position += frame;
        }
        return messages;
    }
}
