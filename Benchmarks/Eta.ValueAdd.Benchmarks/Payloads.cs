using Eta.Codec;

namespace Eta.ValueAdd.Benchmarks;

/// <summary>The payload of every refresh and update: a MarketPrice field list about the size of ConsPerf's default updates.</summary>
internal static class Payloads
{
    public static byte[] Update()
    {
        var space = new byte[256];
        var enc = new RwfEncoder(space);
        enc.FieldListInit();
        enc.FieldEntry(22, new Real(3990, RealHints.ExponentNeg2));    // BID
        enc.FieldEntry(25, new Real(3994, RealHints.ExponentNeg2));    // ASK
        enc.FieldEntry(30, new Real(9, RealHints.Exponent0));          // BIDSIZE
        enc.FieldEntry(31, new Real(19, RealHints.Exponent0));         // ASKSIZE
        enc.FieldEntry(6, new Real(3992, RealHints.ExponentNeg2));     // TRDPRC_1
        enc.FieldEntry(32, new Real(1500, RealHints.Exponent0));       // ACVOL_1
        enc.FieldListComplete(success: true);
        return enc.Written.ToArray();
    }
}
