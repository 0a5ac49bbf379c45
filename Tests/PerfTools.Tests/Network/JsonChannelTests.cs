using System.Diagnostics;
using System.Net.Sockets;
using System.Text;
using Eta.Codec;
using Eta.Codec.Json;
using Eta.Transport;
using PerfTools.Common.Network;
using PerfTools.Common.Provider;
using PerfTools.Common.Xml;
using Xunit;

namespace PerfTools.Tests.Network;

/// <summary>
/// The tools over a tr_json2 WebSocket channel: a provider's RWF goes out as LSEG's JSON (packed messages as one
/// JSON array), a reader gets the same RWF back, LSEG's JSON pings are answered, and a message that does not
/// convert closes the channel naming the problem.
/// </summary>
public sealed class JsonChannelTests
{
    private static readonly BindOptions s_bind = new() { WebSocketProtocols = "tr_json2" };
    private static readonly ConnectOptions s_connect = new() { ConnectionType = ConnectionType.WebSocket, WebSocketProtocols = "tr_json2" };
    private static readonly Lazy<JsonFieldNames> s_fields = new(() => JsonFieldNamesCache.For(DataFiles.LoadDictionary(out _)!));

    [Fact]
    public void PublishedRwfArrivesAsOneJsonArrayAndReadsBackAsTheSameRwf()
    {
        using var pair = ChannelPair.Open(s_bind, s_connect);
        var stats = new PublishingStats();
        using var provider = new PublishingChannel(pair.Reader, "consumer", new PublishingOptions(false, 3, 6000, 0), stats, s_fields.Value);
        Assert.Equal(ConnectionProgress.Active, provider.Initialize());

        byte[][] updates = [Update(5, 1, 2848.56), Update(6, 2, 11.5), Update(7, 3, -0.25)];
        foreach (byte[] update in updates)
        {
            Span<byte> space = provider.Reserve(update.Length);
            update.CopyTo(space);
            Assert.True(provider.Send(update.Length), provider.FailureText);
        }
        Assert.True(provider.EndBurst(), provider.FailureText);

        // What LSEG's consumer would read: one text message, a JSON array of the three updates.
        byte[] payload = ReadRaw(pair.Writer, provider);
        string json = Encoding.UTF8.GetString(payload);
        Assert.StartsWith("[{\"ID\":5,\"Type\":\"Update\",\"UpdateType\":\"Quote\",\"SeqNumber\":1,\"Fields\":{\"BID\":2848.56", json);
        Assert.Equal(3, json.Split("\"Type\":\"Update\"").Length - 1);

        // Our reader turns it back into the three RWF messages.
        var port = new JsonChannelPort(pair.Writer, new TransportChannelPort(pair.Writer), s_fields.Value);
        var back = new List<byte[]>();
        Send(pair.Reader, payload);
        var clock = Stopwatch.StartNew();
        while (back.Count < 3 && clock.Elapsed < TimeSpan.FromSeconds(30))
        {
            TransportReturnCode rc = port.Read(out ReadOnlySpan<byte> message, out bool received);
            Assert.True(rc >= TransportReturnCode.Success || rc == TransportReturnCode.ReadWouldBlock, $"{rc} {port.FailureText}");
            if (received)
                back.Add(message.ToArray());
            else if (rc == TransportReturnCode.ReadWouldBlock)
                pair.Writer.Socket.Poll(10_000, SelectMode.SelectRead);
        }
        Assert.Equal(updates.Select(Convert.ToHexString), back.Select(Convert.ToHexString));
    }

    [Fact]
    public void LsegsJsonPingIsAnsweredWithPong()
    {
        using var pair = ChannelPair.Open(s_bind, s_connect);
        var port = new JsonChannelPort(pair.Reader, new TransportChannelPort(pair.Reader), s_fields.Value);
        Assert.True(pair.Writer.Ping() >= TransportReturnCode.Success); // [{"Type":"Ping"}], LSEG's rsslWebSocketPing
        pair.Writer.Flush();

        var clock = Stopwatch.StartNew();
        while (port.PingsAnswered == 0 && clock.Elapsed < TimeSpan.FromSeconds(30))
        {
            TransportReturnCode rc = port.Read(out _, out bool received);
            Assert.False(received);
            Assert.True(rc >= TransportReturnCode.Success || rc == TransportReturnCode.ReadWouldBlock, $"{rc} {port.FailureText}");
            pair.Reader.Socket.Poll(10_000, SelectMode.SelectRead);
        }
        Assert.Equal(1, port.PingsAnswered);
        Assert.Equal("{\"Type\":\"Pong\"}", Encoding.UTF8.GetString(ReadRaw(pair.Writer, null)));
    }

    [Fact]
    public void AMessageThatDoesNotConvertFailsTheReadNamingIt_AndThePeerIsToldWhy()
    {
        using var pair = ChannelPair.Open(s_bind, s_connect);
        var port = new JsonChannelPort(pair.Reader, new TransportChannelPort(pair.Reader), s_fields.Value);
        Send(pair.Writer, "{\"ID\":3,\"Type\":\"Update\",\"Fields\":{\"BID_CUSTOM\":45.55}}"u8);

        var clock = Stopwatch.StartNew();
        TransportReturnCode rc;
        do
        {
            rc = port.Read(out _, out _);
            if (rc == TransportReturnCode.ReadWouldBlock)
                pair.Reader.Socket.Poll(10_000, SelectMode.SelectRead);
        }
        while (rc >= TransportReturnCode.ReadWouldBlock && rc != TransportReturnCode.Failure && clock.Elapsed < TimeSpan.FromSeconds(30));
        Assert.Equal(TransportReturnCode.Failure, rc);
        Assert.Equal("a JSON message does not convert: unknown field name 'BID_CUSTOM': it is not in the field dictionary", port.FailureText);
        // LSEG's converter answers so ({"Type":"Error","Text":...}); a peer on our JsonChannelPort reads it as the reason.
        Assert.Equal("{\"Type\":\"Error\",\"Text\":\"a JSON message does not convert: unknown field name 'BID_CUSTOM': it is not in the field dictionary\"}",
            Encoding.UTF8.GetString(ReadRaw(pair.Writer, null)));
    }

    private static byte[] Update(int streamId, uint seqNum, double bid)
    {
        byte[] buffer = new byte[256];
        var enc = new RwfEncoder(buffer);
        Msg update = Msg.Create(MsgClass.Update, 6, streamId, DataTypes.FieldList);
        update.UpdateFlags = UpdateMsgFlags.HasSeqNum;
        update.SeqNum = seqNum;
        update.UpdateType = 1;
        Assert.Equal(CodecReturnCode.EncodeContainer, MsgEncoder.EncodeInit(ref enc, update, out MsgEncodeState state));
        enc.FieldListInit();
        enc.FieldEntry(22, Real.FromDouble(bid, RealHints.ExponentNeg2));
        enc.FieldEntry(3902, new UInt(1_732_000_000_000));
        enc.FieldListComplete(true);
        Assert.Equal(CodecReturnCode.Success, MsgEncoder.EncodeComplete(ref enc, ref state, true));
        return enc.Written.ToArray();
    }

    private static void Send(Channel channel, ReadOnlySpan<byte> payload)
    {
        Assert.Equal(TransportReturnCode.Success, channel.GetBuffer(payload.Length, false, out TransportBuffer? buffer));
        payload.CopyTo(buffer!.Data);
        buffer.Length = payload.Length;
        Assert.True(channel.Write(buffer, WritePriority.High, WriteFlags.None) >= TransportReturnCode.Success, channel.Error.ToString());
        channel.Flush();
    }

    private static byte[] ReadRaw(Channel reader, PublishingChannel? writer)
    {
        var clock = Stopwatch.StartNew();
        while (clock.Elapsed < TimeSpan.FromSeconds(30))
        {
            TransportReturnCode rc = reader.Read(out TransportBuffer? message);
            if (message is not null)
                return message.Contents.ToArray();
            Assert.True(rc >= TransportReturnCode.Success || rc is TransportReturnCode.ReadWouldBlock or TransportReturnCode.ReadPing, $"{rc} {reader.Error}");
            writer?.Flush();
            reader.Socket.Poll(10_000, SelectMode.SelectRead);
        }
        throw new TimeoutException("no message arrived");
    }
}
