using System.Text;
using Xunit;

namespace Eta.Codec.Tests.Primitives;

public class QosStateBufferTests
{
    [Fact]
    public void Qos_RealtimeTickByTick_IsOneByte()
    {
        var qos = new Qos(QosTimeliness.REALTIME, QosRates.TICK_BY_TICK);
        var (decoded, rc, wire) = PrimitiveRoundTrip.Run(qos);
        Assert.Equal("22", Convert.ToHexString(wire));
        Assert.Equal(CodecReturnCode.SUCCESS, rc);
        Assert.Equal(qos, decoded);
    }

    [Fact]
    public void Qos_DelayedAndTimeConflated_CarryTheirInfo()
    {
        var qos = new Qos(QosTimeliness.DELAYED, QosRates.TIME_CONFLATED, dynamic: true, timeInfo: 500, rateInfo: 1000);
        var (decoded, _, wire) = PrimitiveRoundTrip.Run(qos);
        Assert.Equal("6701F403E8", Convert.ToHexString(wire));
        Assert.Equal(qos, decoded);
        Assert.Equal(CodecReturnCode.INCOMPLETE_DATA, Qos.Decode([0x67, 0x01], out _));
    }

    [Fact]
    public void Qos_TextRoundTrips()
    {
        var qos = new Qos(QosTimeliness.DELAYED, QosRates.TIME_CONFLATED, true, 500, 1000);
        Assert.Equal("DelayedByTimeInfo/ConflatedByRateInfo/Dynamic - timeInfo: 500 - rateInfo: 1000", qos.ToString());
        Assert.True(Qos.TryParse(qos.ToString(), out Qos back));
        Assert.Equal(qos, back);
        Assert.True(Qos.TryParse("Qos: Realtime/TickByTick/Static", out Qos simple));
        Assert.Equal(new Qos(QosTimeliness.REALTIME, QosRates.TICK_BY_TICK), simple);
        Assert.False(Qos.TryParse("Realtime/Fast/Static", out _));
    }

    [Fact]
    public void Qos_Unspecified_IsNotEncoded()
    {
        Span<byte> buffer = stackalloc byte[8];
        var writer = new RwfWriter(buffer);
        Assert.Equal(CodecReturnCode.INVALID_DATA, new Qos(QosTimeliness.UNSPECIFIED, QosRates.TICK_BY_TICK).EncodeBody(ref writer));
    }

    [Fact]
    public void State_RoundTrips_WithText()
    {
        var state = new State(StreamStates.OPEN, DataStates.OK, StateCodes.NONE, "All is well"u8);
        Span<byte> buffer = stackalloc byte[64];
        var writer = new RwfWriter(buffer);
        Assert.Equal(CodecReturnCode.SUCCESS, state.EncodeBody(ref writer));
        Assert.Equal("09000B" + Convert.ToHexString("All is well"u8), Convert.ToHexString(writer.Written));
        Assert.Equal(CodecReturnCode.SUCCESS, State.Decode(writer.Written, out State decoded));
        Assert.Equal(StreamStates.OPEN, decoded.StreamState);
        Assert.Equal(DataStates.OK, decoded.DataState);
        Assert.Equal("All is well", Encoding.ASCII.GetString(decoded.Text));
        Assert.Equal("Open/Ok/None - text: \"All is well\"", decoded.ToString());
    }

    [Fact]
    public void State_TextForm_Parses()
    {
        Span<byte> text = stackalloc byte[64];
        Assert.True(State.TryParse("State: ClosedRecover/Suspect/2 - text: \"timeout\"", text, out State state));
        Assert.Equal(StreamStates.CLOSED_RECOVER, state.StreamState);
        Assert.Equal(DataStates.SUSPECT, state.DataState);
        Assert.Equal(StateCodes.TIMEOUT, state.Code);
        Assert.Equal("timeout", Encoding.ASCII.GetString(state.Text));
        Assert.False(State.TryParse("Open/Maybe/None", text, out _));
        Assert.Equal(CodecReturnCode.INCOMPLETE_DATA, State.Decode([0x09, 0x00, 0x05, 0x41], out _));
    }

    [Fact]
    public void Buffer_IsTheBytes_BlankWhenEmpty()
    {
        Assert.Equal(CodecReturnCode.SUCCESS, RwfBuffer.Decode("R"u8, DataTypes.RMTES_STRING, out RwfBuffer value));
        Assert.Equal("R", value.ToString());
        Assert.Equal(CodecReturnCode.BLANK_DATA, RwfBuffer.Decode(default, DataTypes.ASCII_STRING, out RwfBuffer blank));
        Assert.True(blank.IsBlank);
        Assert.Equal("é", new RwfBuffer("é"u8, DataTypes.UTF8_STRING).ToString());
    }
}
