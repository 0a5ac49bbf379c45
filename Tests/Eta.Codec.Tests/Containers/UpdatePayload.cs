namespace Eta.Codec.Tests.Containers;

/// <summary>The field list of the guide's sample update (§9.1.2: 23 fields) plus TIM_TRK_1 (fid 3902).</summary>
internal static class UpdatePayload
{
    public const int FieldCount = 24;

    public static CodecReturnCode Encode(ref RwfEncoder e)
    {
        CodecReturnCode rc = e.FieldListInit();
        rc = rc < 0 ? rc : e.FieldEntry(22, new Real(2848560000, RealHints.ExponentNeg6));
        rc = rc < 0 ? rc : e.FieldEntry(25, new Real(2849610000, RealHints.ExponentNeg6));
        rc = rc < 0 ? rc : e.FieldEntry(30, new Real(1, RealHints.Exponent0));
        rc = rc < 0 ? rc : e.FieldEntry(31, new Real(1, RealHints.Exponent0));
        rc = rc < 0 ? rc : e.FieldEntry(6579, "R"u8);
        rc = rc < 0 ? rc : e.FieldEntry(6580, "R"u8);
        rc = rc < 0 ? rc : e.FieldEntry(114, new Real(13340000, RealHints.ExponentNeg6));
        rc = rc < 0 ? rc : e.FieldEntry(1000, " "u8);
        rc = rc < 0 ? rc : e.FieldEntry(8937, new RwfEnum(0));
        rc = rc < 0 ? rc : e.FieldEntry(211, new Real(31701, RealHints.Exponent0));
        rc = rc < 0 ? rc : e.FieldEntry(118, new RwfEnum(0));
        rc = rc < 0 ? rc : e.FieldEntry(3264, new RwfEnum(0));
        rc = rc < 0 ? rc : e.FieldEntry(3887, new Real(39100330, RealHints.Exponent0));
        rc = rc < 0 ? rc : e.FieldEntry(8935, new RwfEnum(1));
        rc = rc < 0 ? rc : e.FieldEntry(1501, " "u8);
        rc = rc < 0 ? rc : e.FieldEntry(12783, new RwfEnum(4));
        rc = rc < 0 ? rc : e.FieldEntry(3855, new UInt(57132000));
        rc = rc < 0 ? rc : e.FieldEntry(1025, new Time(15, 52, 12));
        rc = rc < 0 ? rc : e.FieldEntry(5, new Time(15, 52, 0));
        rc = rc < 0 ? rc : e.FieldEntry(8406, " "u8);
        rc = rc < 0 ? rc : e.FieldEntry(1041, " "u8);
        rc = rc < 0 ? rc : e.FieldEntry(203, new Real(2848560000, RealHints.ExponentNeg6));
        rc = rc < 0 ? rc : e.FieldEntry(14238, new Time(15, 52, 12));
        rc = rc < 0 ? rc : e.FieldEntry(3902, new UInt(1234567)); // TIM_TRK_1: latency timestamp
        return rc < 0 ? rc : e.FieldListComplete(true);
    }
}
