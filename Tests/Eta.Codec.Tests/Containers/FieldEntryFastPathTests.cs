using Xunit;

namespace Eta.Codec.Tests.Containers;

/// <summary>
/// The typed field-entry overloads (Real, UInt, Int, RwfEnum, Date, Time, short byte strings) write each entry in
/// one step; the generic <c>FieldEntry&lt;T&gt;</c> writes it through the primitive's EncodeBody, which the primitive
/// tests hold to LSEG's vectors. Here both paths must give the same bytes and return codes for many values, at
/// every buffer size around the entry's length and in every encoder state.
/// </summary>
public class FieldEntryFastPathTests
{
    private const int FieldId = 0x1234;

    [Fact]
    public void Real_MatchesGenericPath()
    {
        var random = new Random(1);
        var values = new List<Real> { Real.Blank, new(0, RealHints.Exponent0), new(-1, RealHints.ExponentNeg14),
            new(long.MaxValue, RealHints.Fraction256), new(long.MinValue, RealHints.Exponent7) };
        for (int hint = 0; hint <= 40; hint++)
            values.Add(new Real(RandomSigned(random), hint)); // scaling, special (33-35) and invalid hints
        for (int i = 0; i < 2000; i++)
            values.Add(new Real(RandomSigned(random), random.Next(RealHints.ExponentNeg14, RealHints.Fraction256 + 1)));
        foreach (Real value in values)
            AssertSame(value, static (ref e, in v) => e.FieldEntry(FieldId, v), static (ref e, in v) => e.FieldEntry<Real>(FieldId, v));
    }

    [Fact]
    public void UInt_MatchesGenericPath()
    {
        var random = new Random(2);
        var values = new List<UInt> { UInt.Blank, new(0), new(ulong.MaxValue) };
        for (int i = 0; i < 2000; i++)
            values.Add(new UInt((ulong)RandomSigned(random)));
        foreach (UInt value in values)
            AssertSame(value, static (ref e, in v) => e.FieldEntry(FieldId, v), static (ref e, in v) => e.FieldEntry<UInt>(FieldId, v));
    }

    [Fact]
    public void Int_MatchesGenericPath()
    {
        var random = new Random(3);
        var values = new List<Int> { Int.Blank, new(0), new(-1), new(long.MinValue), new(long.MaxValue), new(128), new(-129) };
        for (int i = 0; i < 2000; i++)
            values.Add(new Int(RandomSigned(random)));
        foreach (Int value in values)
            AssertSame(value, static (ref e, in v) => e.FieldEntry(FieldId, v), static (ref e, in v) => e.FieldEntry<Int>(FieldId, v));
    }

    [Fact]
    public void Enum_MatchesGenericPath()
    {
        var values = new List<RwfEnum> { RwfEnum.Blank };
        for (int v = 0; v <= ushort.MaxValue; v += 97)
            values.Add(new RwfEnum((ushort)v));
        values.AddRange([new RwfEnum(255), new RwfEnum(256), new RwfEnum(ushort.MaxValue)]);
        foreach (RwfEnum value in values)
            AssertSame(value, static (ref e, in v) => e.FieldEntry(FieldId, v), static (ref e, in v) => e.FieldEntry<RwfEnum>(FieldId, v));
    }

    [Fact]
    public void Date_MatchesGenericPath()
    {
        var random = new Random(4);
        var values = new List<Date> { Date.Blank, new(31, 12, 9999), new(255, 255, 65535) };
        for (int i = 0; i < 1000; i++)
            values.Add(new Date(random.Next(256), random.Next(256), random.Next(65536)));
        foreach (Date value in values)
            AssertSame(value, static (ref e, in v) => e.FieldEntry(FieldId, v), static (ref e, in v) => e.FieldEntry<Date>(FieldId, v));
    }

    [Fact]
    public void Time_MatchesGenericPath_InEveryForm()
    {
        var random = new Random(5);
        var values = new List<Time> { Time.Blank, new(0, 0), new(23, 59, 59, 999, 999, 999), new(15, 52, 12), new(15, 52, 0),
            new(1, 2, 3, 4), new(1, 2, 3, 0, 5), new(1, 2, 3, 0, 0, 1), new(1, 2, 3, 0, 2047, 2047), new(1, 2, 0, 0, 0, 0x7FF) };
        for (int i = 0; i < 2000; i++)
        {
            // Each finer part zero now and then, so every wire length (2, 3, 5, 7, 8) comes up.
            values.Add(new Time(random.Next(256), random.Next(256), Maybe(random, 256), Maybe(random, 65536),
                Maybe(random, 2048), Maybe(random, 2048)));
        }
        foreach (Time value in values)
            AssertSame(value, static (ref e, in v) => e.FieldEntry(FieldId, v), static (ref e, in v) => e.FieldEntry<Time>(FieldId, v));
    }

    [Fact]
    public void ByteString_MatchesLengthSpecifiedWrite_AcrossTheOneByteLengthLimit()
    {
        byte[] text = new byte[400];
        new Random(6).NextBytes(text);
        for (int length = 0; length <= 300; length++)
        {
            byte[] value = text[..length];
            for (int size = 3 + 2; size <= length + 3 + 2 + 4; size++)
            {
                (CodecReturnCode fastRc, byte[] fast) = EncodeOne(size, value, static (ref e, in v) => e.FieldEntry(FieldId, v));
                (CodecReturnCode slowRc, byte[] slow) = EncodeOne(size, value, static (ref e, in v) =>
                {
                    // The entry laid out by the step-by-step calls: fid, u16ob length (shortest form), bytes.
                    CodecReturnCode rc = e.FieldEntryInit(FieldId, Math.Max(v.Length, 1)); // a 1-byte length below 0xFE, else 3
                    if (rc == CodecReturnCode.Success)
                        rc = e.EncodeNonRwfData(v);
                    if (rc != CodecReturnCode.Success)
                    {
                        if (e.Depth > 0 && rc != CodecReturnCode.UnexpectedEncoderCall)
                            e.FieldEntryComplete(false);
                        return rc;
                    }
                    return e.FieldEntryComplete(true);
                });
                Assert.True(fastRc == slowRc, $"length {length}, buffer {size}: {fastRc} vs {slowRc}");
                Assert.True(fast.AsSpan().SequenceEqual(slow), $"length {length}, buffer {size}: bytes differ");
            }
        }
    }

    [Fact]
    public void TypedEntries_OutsideAFieldList_ReturnWhatTheGenericPathReturns()
    {
        byte[] buffer = new byte[256];
        var noList = new RwfEncoder(buffer);
        Assert.Equal(CodecReturnCode.UnexpectedEncoderCall, noList.FieldEntry(1, new Real(5, RealHints.Exponent0)));
        Assert.Equal(CodecReturnCode.UnexpectedEncoderCall, noList.FieldEntry(1, new Time(1, 2, 3)));
        Assert.Equal(CodecReturnCode.UnexpectedEncoderCall, noList.FieldEntry(1, "x"u8));

        var elementList = new RwfEncoder(buffer);
        elementList.ElementListInit();
        Assert.Equal(CodecReturnCode.UnexpectedEncoderCall, elementList.FieldEntry(1, new UInt(5)));
        Assert.Equal(CodecReturnCode.UnexpectedEncoderCall, elementList.FieldEntry(1, new Date(1, 2, 2003)));

        var openEntry = new RwfEncoder(buffer);
        openEntry.FieldListInit();
        openEntry.FieldEntryInit(7);
        int position = openEntry.Position;
        Assert.Equal(CodecReturnCode.UnexpectedEncoderCall, openEntry.FieldEntry(1, new RwfEnum(3)));
        Assert.Equal(CodecReturnCode.UnexpectedEncoderCall, openEntry.FieldEntry(1, new Int(-3)));
        Assert.Equal(position, openEntry.Position);

        var setOnly = new RwfEncoder(buffer);
        setOnly.FieldListInit(setId: 1, encodedSetData: [0x01], hasStandardData: false);
        Assert.Equal(CodecReturnCode.UnexpectedEncoderCall, setOnly.FieldEntry(1, new Real(1, RealHints.Exponent0)));
    }

    [Fact]
    public void TypedEntries_StopAtTheCountLimit_LikeTheGenericPath()
    {
        byte[] buffer = new byte[ushort.MaxValue * 4 + 16];
        var enc = new RwfEncoder(buffer);
        enc.FieldListInit();
        for (int i = 0; i < ushort.MaxValue; i++)
            Assert.Equal(CodecReturnCode.Success, enc.FieldEntry(1, new RwfEnum(1)));
        int position = enc.Position;
        Assert.Equal(CodecReturnCode.InvalidData, enc.FieldEntry(1, new RwfEnum(1)));
        Assert.Equal(CodecReturnCode.InvalidData, enc.FieldEntry<RwfEnum>(1, new RwfEnum(1)));
        Assert.Equal(CodecReturnCode.InvalidData, enc.FieldEntry(1, "x"u8));
        Assert.Equal(position, enc.Position);
        Assert.Equal(CodecReturnCode.Success, enc.FieldListComplete(true));
        Assert.Equal([0xFF, 0xFF], buffer[1..3]);
    }

    private delegate CodecReturnCode Write<T>(ref RwfEncoder encoder, in T value);

    // Same value through both paths, in buffers from too small for the header up to comfortably large: same return
    // code, same bytes written (a failed entry must leave the list as it was).
    private static void AssertSame<T>(T value, Write<T> fast, Write<T> generic)
    {
        for (int size = 3; size <= 3 + 3 + 12 + 4; size++)
        {
            (CodecReturnCode fastRc, byte[] fastBytes) = EncodeOne(size, value, fast);
            (CodecReturnCode genericRc, byte[] genericBytes) = EncodeOne(size, value, generic);
            Assert.True(fastRc == genericRc, $"{value} in {size} bytes: {fastRc} vs generic {genericRc}");
            Assert.True(fastBytes.AsSpan().SequenceEqual(genericBytes),
                $"{value} in {size} bytes: {Convert.ToHexString(fastBytes)} vs generic {Convert.ToHexString(genericBytes)}");
        }
    }

    // A field list (flags + count = 3 bytes) holding the one entry, then a second entry to show the list goes on.
    private static (CodecReturnCode, byte[]) EncodeOne<T>(int size, T value, Write<T> write)
    {
        byte[] buffer = new byte[size];
        var enc = new RwfEncoder(buffer);
        Assert.Equal(CodecReturnCode.Success, enc.FieldListInit());
        CodecReturnCode rc = write(ref enc, value);
        enc.FieldEntryBlank(9); // may not fit: either way both paths must agree
        Assert.Equal(CodecReturnCode.Success, enc.FieldListComplete(true));
        return (rc, enc.Written.ToArray());
    }

    private static long RandomSigned(Random random)
    {
        long v = random.NextInt64() >> random.Next(64);
        return random.Next(2) == 0 ? v : ~v;
    }

    private static int Maybe(Random random, int limit) => random.Next(3) == 0 ? 0 : random.Next(limit);
}
