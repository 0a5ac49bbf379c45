namespace Eta.Codec;

/// <summary>
/// QoS and State as they sit inside a message header: the primitives' own bytes, without the length prefix a
/// container entry would give them. Writing uses the primitives' encoders; reading must also learn how many
/// bytes each took, so it walks them here.
/// <code>
/// QoS:   u8 timeliness(3) rate(4) dynamic(1) | u16 timeInfo if timeliness is Delayed | u16 rateInfo if rate is TimeConflated
/// State: u8 streamState(5) dataState(3) | u8 code | u15rb+n text
/// </code>
/// </summary>
internal static class QosStateCodec
{
    public static void WriteQos(ref HeaderWriter w, in Qos qos)
    {
        if (qos.IsBlank)
            w.Fail(CodecReturnCode.InvalidData);
        if (w.Ok)
            w.Result = qos.EncodeBody(ref w.Inner);
    }

    public static Qos ReadQos(scoped ref HeaderReader r)
    {
        byte packed = r.Byte();
        int timeliness = packed >> 5;
        int rate = (packed >> 1) & 0xF;
        ushort timeInfo = timeliness > QosTimeliness.DelayedUnknown ? r.UInt16() : (ushort)0;
        ushort rateInfo = rate > QosRates.JitConflated ? r.UInt16() : (ushort)0;
        return new Qos(timeliness, rate, (packed & 1) != 0, timeInfo, rateInfo);
    }

    public static void WriteState(ref HeaderWriter w, scoped in State state)
    {
        if (state.IsBlank)
            w.Fail(CodecReturnCode.InvalidData);
        if (w.Ok)
            w.Result = state.EncodeBody(ref w.Inner);
    }

    public static State ReadState(scoped ref HeaderReader r)
    {
        byte packed = r.Byte();
        byte code = r.Byte();
        ReadOnlySpan<byte> text = r.Buffer15();
        return new State(packed >> 3, packed & 0x7, code, text);
    }
}
