using System.Buffers.Binary;
using System.Diagnostics;

namespace Eta.Transport.Benchmarks;

/// <summary>
/// CPU cost per message without sockets, one thread: the transport's write path (GetBuffer, fill,
/// [PackBuffer], Write, Flush) and read path (Read per message) against the same fill and frame walk done
/// by hand. Reports nanoseconds per message for each and the throughput ratio raw/transport.
/// </summary>
internal static class InMemoryRun
{
    private const int Messages = 2_000_000;

    public static (double TransportNs, double RawNs, long Allocated) Measure(Workload workload)
    {
        int frames = Messages / workload.MessagesPerBuffer + 1;
        int capacity = frames * (workload.MessagesPerBuffer * (workload.MessageSize + 2) + 3) + 1024;
        var writeSide = new MemoryStreamPair(capacity);
        Channel writer = Open(writeSide);
        var readSide = new MemoryStreamPair(0);
        Channel reader = Open(readSide);

        Write(writer, workload, Messages / 10); // warm-up
        writeSide.ResetOutput();
        long allocatedBefore = GC.GetAllocatedBytesForCurrentThread();
        long start = Stopwatch.GetTimestamp();
        Write(writer, workload, Messages);
        long written = Stopwatch.GetTimestamp();
        readSide.Load(writeSide.Output, writeSide.OutputLength);
        long read = ReadAll(reader);
        long end = Stopwatch.GetTimestamp();
        long allocated = GC.GetAllocatedBytesForCurrentThread() - allocatedBefore;
        if (read != Messages)
            throw new InvalidOperationException($"read {read} of {Messages} messages");

        var rawOutput = new byte[capacity];
        long rawStart = Stopwatch.GetTimestamp();
        int rawLength = RawWrite(rawOutput, workload, Messages);
        long rawCount = RawRead(rawOutput, rawLength);
        long rawEnd = Stopwatch.GetTimestamp();
        if (rawCount != Messages)
            throw new InvalidOperationException($"raw read {rawCount} of {Messages} messages");

        double transportNs = Stopwatch.GetElapsedTime(start, end).TotalNanoseconds / Messages;
        double rawNs = Stopwatch.GetElapsedTime(rawStart, rawEnd).TotalNanoseconds / Messages;
        _ = written;
        return (transportNs, rawNs, allocated);
    }

    private static Channel Open(MemoryStreamPair stream)
    {
        Channel channel = Channel.ForClientStream(new ConnectOptions { GuaranteedOutputBuffers = 100 }, stream);
        while (channel.Init() == TransportReturnCode.ChanInitInProgress) { }
        if (channel.State != ChannelState.Active)
            throw new InvalidOperationException(channel.Error.ToString());
        stream.Recording = true;
        return channel;
    }

    private static void Write(Channel channel, Workload workload, int messages)
    {
        int bufferSize = workload.Packed ? Workload.FragmentSize : workload.MessageSize;
        long sequence = 0;
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

    private static int RawWrite(byte[] output, Workload workload, int messages)
    {
        int position = 0;
        long sequence = 0;
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
