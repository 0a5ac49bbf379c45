using System.Buffers.Binary;

namespace Eta.Transport.Benchmarks;

/// <summary>
/// The two sides of the in-memory benchmark, one thread, no socket: the transport's write path (GetBuffer, fill,
/// [PackBuffer], Write, Flush) and read path (Read per message) over <see cref="MemoryStreamPair"/>, and the same
/// fill and frame walk written by hand into a plain array.
/// </summary>
internal static class InMemoryPaths
{
    /// <summary>A client channel over <paramref name="stream"/>, past the handshake, recording what it writes.</summary>
    public static Channel Open(MemoryStreamPair stream)
    {
        Channel channel = Channel.ForClientStream(new ConnectOptions { GuaranteedOutputBuffers = 100 }, stream);
        while (channel.Init() == TransportReturnCode.ChanInitInProgress) { }
        if (channel.State != ChannelState.Active)
            throw new InvalidOperationException(channel.Error.ToString());
        stream.Recording = true;
        return channel;
    }

    public static void Write(Channel channel, Workload workload, int messages, ref long sequence)
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

    public static long ReadAll(Channel channel)
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

    public static int RawWrite(byte[] output, Workload workload, int messages, ref long sequence)
    {
        int position = 0;
        for (int sent = 0; sent < messages;)
        {
            int count = Math.Min(workload.MessagesPerBuffer, messages - sent);
            int frameStart = position;
            position += 3;
            for (int i = 0; i < count; i++)
                AppendMessage(output, ref position, workload, ref sequence);
            BinaryPrimitives.WriteUInt16BigEndian(output.AsSpan(frameStart), (ushort)(position - frameStart));
            output[frameStart + 2] = workload.Packed ? (byte)0x12 : (byte)0x02;
            sent += count;
        }
        return position;
    }

    /// <summary>One message of a hand-built frame: its packed length when packing, then the message.</summary>
    public static void AppendMessage(byte[] output, ref int position, Workload workload, ref long sequence)
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

    public static long RawRead(byte[] input, int length)
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
