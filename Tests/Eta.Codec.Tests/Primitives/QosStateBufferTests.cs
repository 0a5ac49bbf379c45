using System.Text;
using Xunit;

namespace Eta.Codec.Tests.Primitives;

public class QosStateBufferTests
{
    [Fact]
    public void Qos_RealtimeTickByTick_IsOneByte()
    {
        var qos = new Qos(QosTimeliness.Realtime, QosRates.TickByTick);
        var (decoded, rc, wire) = PrimitiveRoundTrip.Run(qos);
        Assert.Equal("22", Convert.ToHexString(wire));
        Assert.Equal(CodecReturnCode.Success, rc);
        Assert.Equal(qos, decoded);
    }

    [Fact]
    public void Qos_DelayedAndTimeConflated_CarryTheirInfo()
    {
        var qos = new Qos(QosTimeliness.Delayed, QosRates.TimeConflated, dynamic: true, timeInfo: 500, rateInfo: 1000);
        var (decoded, _, wire) = PrimitiveRoundTrip.Run(qos);
        Assert.Equal("6701F403E8", Convert.ToHexString(wire));
        Assert.Equal(qos, decoded);
        Assert.Equal(CodecReturnCode.IncompleteData, Qos.Decode([0x67, 0x01], out _));
    }

    [Fact]
    public void Qos_TextRoundTrips()
    {
        var qos = new Qos(QosTimeliness.Delayed, QosRates.TimeConflated, true, 500, 1000);
        Assert.Equal("DelayedByTimeInfo/ConflatedByRateInfo/Dynamic - timeInfo: 500 - rateInfo: 1000", qos.ToString());
        Assert.True(Qos.TryParse(qos.ToString(), out Qos back));
        Assert.Equal(qos, back);
        Assert.True(Qos.TryParse("Qos: Realtime/TickByTick/Static", out Qos simple));
        Assert.Equal(new Qos(QosTimeliness.Realtime, QosRates.TickByTick), simple);
        Assert.False(Qos.TryParse("Realtime/Fast/Static", out _));
    }

    [Fact]
    public void Qos_Unspecified_IsNotEncoded()
    {
        Span<byte> buffer = stackalloc byte[8];
        var writer = new RwfWriter(buffer);
        Assert.Equal(CodecReturnCode.InvalidData, new Qos(QosTimeliness.Unspecified, QosRates.TickByTick).EncodeBody(ref writer));
    }

    [Fact]
    public void State_RoundTrips_WithText()
    {
        var state = new State(StreamStates.Open, DataStates.Ok, StateCodes.None, "All is well"u8);
        Span<byte> buffer = stackalloc byte[64];
        var writer = new RwfWriter(buffer);
        Assert.Equal(CodecReturnCode.Success, state.EncodeBody(ref writer));
        Assert.Equal("09000B" + Convert.ToHexString("All is well"u8), Convert.ToHexString(writer.Written));
        Assert.Equal(CodecReturnCode.Success, State.Decode(writer.Written, out State decoded));
        Assert.Equal(StreamStates.Open, decoded.StreamState);
        Assert.Equal(DataStates.Ok, decoded.DataState);
        Assert.Equal("All is well", Encoding.ASCII.GetString(decoded.Text));
        Assert.Equal("Open/Ok/None - text: \"All is well\"", decoded.ToString());
    }

    [Fact]
    public void State_TextForm_Parses()
    {
        Span<byte> text = stackalloc byte[64];
        Assert.True(State.TryParse("State: ClosedRecover/Suspect/2 - text: \"timeout\"", text, out State state));
        Assert.Equal(StreamStates.ClosedRecover, state.StreamState);
        Assert.Equal(DataStates.Suspect, state.DataState);
        Assert.Equal(StateCodes.Timeout, state.Code);
        Assert.Equal("timeout", Encoding.ASCII.GetString(state.Text));
        Assert.False(State.TryParse("Open/Maybe/None", text, out _));
        Assert.Equal(CodecReturnCode.IncompleteData, State.Decode([0x09, 0x00, 0x05, 0x41], out _));
    }

    [Fact]
    public void Buffer_IsTheBytes_BlankWhenEmpty()
    {
        Assert.Equal(CodecReturnCode.Success, RwfBuffer.Decode("R"u8, DataTypes.RmtesString, out RwfBuffer value));
        Assert.Equal("R", value.ToString());
        Assert.Equal(CodecReturnCode.BlankData, RwfBuffer.Decode(default, DataTypes.AsciiString, out RwfBuffer blank));
        Assert.True(blank.IsBlank);
        Assert.Equal("é", new RwfBuffer("é"u8, DataTypes.Utf8String).ToString());
    }
}
