using System.Buffers.Binary;
using System.Diagnostics;
using System.Net.Sockets;
using Eta.Transport.Tests.Support;
using Xunit;

namespace Eta.Transport.Tests.Loopback;

/// <summary>Runs alone: the locking mode is process-wide and fixed by the first Initialize.</summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class GlobalLockingCollection
{
    public const string Name = "global locking";
}

/// <summary>
/// With global locking, several threads share one channel's write side (GetBuffer, PackBuffer, Write, Flush,
/// all at once) and every message still arrives once, whole and in each thread's order.
/// </summary>
[Collection(GlobalLockingCollection.Name)]
public sealed class GlobalLockingLoopbackTests
{
    private const int Writers = 4;
    private const int MessagesPerWriter = 20_000;
    private const int MessageLength = 40;
    private static readonly TimeSpan RunDeadline = TimeSpan.FromSeconds(60);

    [Fact]
    public void Threads_sharing_a_channel_deliver_every_message_in_order()
    {
        Assert.False(Transport.IsInitialized, "another test left the transport initialized, so the locking mode cannot be chosen");
        Transport.Initialize(new InitArgs { GlobalLocking = true });
        try
        {
            using var pair = Support.Loopback.Open(connect: new ConnectOptions { GuaranteedOutputBuffers = 8 });
            var failures = new List<Exception>();
            var writers = Enumerable.Range(0, Writers)
                .Select(id => new Thread(() => Capture(failures, () => WriteAll(pair.Client, (byte)id, packed: id % 2 == 1))))
                .ToList();
            int[] received = new int[Writers];
            var reader = new Thread(() => Capture(failures, () => ReadAll(pair.ServerChannel, received)));

            reader.Start();
            writers.ForEach(thread => thread.Start());
            foreach (Thread thread in writers.Append(reader))
                Assert.True(thread.Join(RunDeadline), "a thread did not finish within the deadline");

            Assert.Empty(failures);
            Assert.All(received, count => Assert.Equal(MessagesPerWriter, count));
        }
        finally
        {
            Transport.Uninitialize();
        }
    }

    /// <summary>Message: [writer id][UInt32 sequence][filler = writer id]. Odd writers pack up to 8 per buffer.</summary>
    private static void WriteAll(Channel channel, byte id, bool packed)
    {
        var clock = Stopwatch.StartNew();
        int perBuffer = packed ? 8 : 1;
        for (int sequence = 0; sequence < MessagesPerWriter;)
        {
            if (clock.Elapsed > RunDeadline)
                throw new TimeoutException($"writer {id} stuck at {sequence}");
            TransportReturnCode got = channel.GetBuffer(perBuffer * (MessageLength + 2), packed, out TransportBuffer? buffer);
            if (got == TransportReturnCode.NoBuffers)
            {
                if (channel.Flush() > TransportReturnCode.Success)
                    channel.Socket.Poll(1000, SelectMode.SelectWrite);
                continue;
            }
            Assert.Equal(TransportReturnCode.Success, got);
            int count = Math.Min(perBuffer, MessagesPerWriter - sequence);
            for (int i = 0; i < count; i++, sequence++)
            {
                Span<byte> data = buffer!.Data[..MessageLength];
                data.Fill(id);
                BinaryPrimitives.WriteUInt32BigEndian(data[1..], (uint)sequence);
                buffer.Length = MessageLength;
                if (packed && i + 1 < count)
                    Assert.True(channel.PackBuffer(buffer) > TransportReturnCode.Success);
            }
            TransportReturnCode written = channel.Write(buffer!);
            Assert.True(written >= TransportReturnCode.Success, $"Write: {written} {channel.Error}");
        }
        while (channel.Flush() > TransportReturnCode.Success)
        {
            if (clock.Elapsed > RunDeadline)
                throw new TimeoutException($"writer {id} could not flush");
            channel.Socket.Poll(1000, SelectMode.SelectWrite);
        }
    }

    private static void ReadAll(Channel channel, int[] received)
    {
        var clock = Stopwatch.StartNew();
        while (received.Sum() < Writers * MessagesPerWriter)
        {
            if (clock.Elapsed > RunDeadline)
                throw new TimeoutException($"reader got {received.Sum()} of {Writers * MessagesPerWriter}");
            TransportReturnCode result = channel.Read(out TransportBuffer? message);
            if (message is not null)
            {
                ReadOnlySpan<byte> data = message.Contents;
                Assert.Equal(MessageLength, data.Length);
                byte id = data[0];
                Assert.InRange(id, 0, Writers - 1);
                Assert.Equal((uint)received[id], BinaryPrimitives.ReadUInt32BigEndian(data[1..]));
                Assert.True(data[5..].IndexOfAnyExcept(id) < 0, "message body was overwritten by another writer");
                received[id]++;
            }
            else if (result == TransportReturnCode.ReadWouldBlock)
                channel.Socket.Poll(1000, SelectMode.SelectRead);
            else
                Assert.True(result >= TransportReturnCode.Success || result == TransportReturnCode.ReadPing, $"Read: {result} {channel.Error}");
        }
    }

    private static void Capture(List<Exception> failures, Action work)
    {
        try
        {
            work();
        }
        catch (Exception e)
        {
            lock (failures)
                failures.Add(e);
        }
    }
}
