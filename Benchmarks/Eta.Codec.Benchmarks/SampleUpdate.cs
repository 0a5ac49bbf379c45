using Eta.Codec;

namespace Eta.Codec.Benchmarks;

/// <summary>
/// The guide's sample update (§9.1.2: 23 MarketPrice fields) plus TIM_TRK_1 (fid 3902, the latency stamp the
/// tools add), as a field table: encoded with <see cref="RwfEncoder"/> and decoded field by field with the type a
/// dictionary would give, as the performance tools do.
/// </summary>
internal static class SampleUpdate
{
    public const int StreamId = 5;
    private const byte MarketPriceDomain = 6;

    private enum Kind : byte { Real, Enum, UInt, Time, Rmtes }

    private readonly record struct Field(int Id, Kind Kind, long Value, int Hint = RealHints.Exponent0);

    private static readonly Field[] s_fields =
    [
        new(22, Kind.Real, 2848560000, RealHints.ExponentNeg6),
        new(25, Kind.Real, 2849610000, RealHints.ExponentNeg6),
        new(30, Kind.Real, 1),
        new(31, Kind.Real, 1),
        new(6579, Kind.Rmtes, 'R'),
        new(6580, Kind.Rmtes, 'R'),
        new(114, Kind.Real, 13340000, RealHints.ExponentNeg6),
        new(1000, Kind.Rmtes, ' '),
        new(8937, Kind.Enum, 0),
        new(211, Kind.Real, 31701),
        new(118, Kind.Enum, 0),
        new(3264, Kind.Enum, 0),
        new(3887, Kind.Real, 39100330),
        new(8935, Kind.Enum, 1),
        new(1501, Kind.Rmtes, ' '),
        new(12783, Kind.Enum, 4),
        new(3855, Kind.UInt, 57132000),
        new(1025, Kind.Time, 155212),
        new(5, Kind.Time, 155200),
        new(8406, Kind.Rmtes, ' '),
        new(1041, Kind.Rmtes, ' '),
        new(203, Kind.Real, 2848560000, RealHints.ExponentNeg6),
        new(14238, Kind.Time, 155212),
        new(3902, Kind.UInt, 0), // TIM_TRK_1: the send time, filled per message
    ];

    public static int FieldCount => s_fields.Length;

    /// <summary>Encodes the field list; <paramref name="timestamp"/> goes into TIM_TRK_1.</summary>
    public static CodecReturnCode EncodePayload(ref RwfEncoder encoder, ulong timestamp)
    {
        Span<byte> character = stackalloc byte[1];
        CodecReturnCode rc = encoder.FieldListInit();
        foreach (Field field in s_fields)
        {
            if (rc != CodecReturnCode.Success)
                break;
            switch (field.Kind)
            {
                case Kind.Real:
                    rc = encoder.FieldEntry(field.Id, new Real(field.Value, field.Hint));
                    break;
                case Kind.Enum:
                    rc = encoder.FieldEntry(field.Id, new RwfEnum((ushort)field.Value));
                    break;
                case Kind.UInt:
                    rc = encoder.FieldEntry(field.Id, new UInt(field.Id == 3902 ? timestamp : (ulong)field.Value));
                    break;
                case Kind.Time:
                    rc = encoder.FieldEntry(field.Id, new Time((int)(field.Value / 10000), (int)(field.Value / 100 % 100), (int)(field.Value % 100)));
                    break;
                default:
                    character[0] = (byte)field.Value;
                    rc = encoder.FieldEntry(field.Id, character);
                    break;
            }
        }
        return rc == CodecReturnCode.Success ? encoder.FieldListComplete(true) : rc;
    }

    /// <summary>Encodes the whole update message (header + payload) in one pass.</summary>
    public static CodecReturnCode EncodeMessage(ref RwfEncoder encoder, ulong timestamp)
    {
        Msg update = Msg.Create(MsgClass.Update, MarketPriceDomain, StreamId, DataTypes.FieldList);
        CodecReturnCode rc = MsgEncoder.EncodeInit(ref encoder, update, out MsgEncodeState state);
        if (rc != CodecReturnCode.EncodeContainer)
            return rc < 0 ? rc : CodecReturnCode.Failure;
        rc = EncodePayload(ref encoder, timestamp);
        return MsgEncoder.EncodeComplete(ref encoder, ref state, rc == CodecReturnCode.Success);
    }

    /// <summary>Decodes every field by its dictionary type; returns the sum of the decoded integers (a checksum).</summary>
    public static long DecodePayload(ReadOnlySpan<byte> payload)
    {
        if (FieldListDecoder.Decode(payload, out FieldListDecoder list) != CodecReturnCode.Success)
            return -1;
        long checksum = 0;
        int index = 0;
        CodecReturnCode rc;
        while ((rc = list.Next(out FieldEntry entry)) == CodecReturnCode.Success && index < s_fields.Length)
        {
            switch (s_fields[index++].Kind)
            {
                case Kind.Real:
                    entry.Decode(out Real real);
                    checksum += real.Value;
                    break;
                case Kind.Enum:
                    entry.Decode(out RwfEnum value);
                    checksum += value.Value;
                    break;
                case Kind.UInt:
                    entry.Decode(out UInt number);
                    checksum += (long)number.Value;
                    break;
                case Kind.Time:
                    entry.Decode(out Time time);
                    checksum += time.Hour;
                    break;
                default:
                    checksum += entry.EncodedData.Length;
                    break;
            }
        }
        return rc == CodecReturnCode.EndOfContainer ? checksum : -1;
    }

    /// <summary>Decodes the message header, then the payload.</summary>
    public static long DecodeMessage(ReadOnlySpan<byte> message)
    {
        if (MsgDecoder.Decode(message, out Msg msg) != CodecReturnCode.Success || msg.MsgClass != MsgClass.Update)
            return -1;
        return DecodePayload(msg.EncodedDataBody) + msg.StreamId;
    }
}
