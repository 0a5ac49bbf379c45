using Xunit;

namespace Eta.Codec.Tests.Containers;

/// <summary>Set-defined field and element list data, decoded with local set definitions.</summary>
public class SetDefinedDataTests
{
    [Fact]
    public void FieldList_SetDataThenStandardData_Decodes()
    {
        var definitions = new LocalFieldSetDefDb();
        definitions.Define(3, [new(22, DataTypes.REAL_4RB), new(25, DataTypes.UINT_2), new(5, DataTypes.TIME_3), new(296, DataTypes.RMTES_STRING)]);
        byte[] encodedDefs = new byte[256];
        var defsWriter = new RwfWriter(encodedDefs);
        Assert.Equal(CodecReturnCode.SUCCESS, definitions.Encode(ref defsWriter));

        var received = new LocalFieldSetDefDb();
        Assert.Equal(CodecReturnCode.SUCCESS, received.Decode(defsWriter.Written));
        Assert.True(received.TryGet(3, out ReadOnlySpan<FieldSetDefEntry> entries));
        Assert.Equal(4, entries.Length);

        byte[] setData = [0x40 | RealHints.EXPONENT_2, 0x6F, 0x38, 0x01, 0x00, 15, 52, 12, 0x02, (byte)'h', (byte)'i'];
        var list = new List<byte> { (byte)(FieldListFlags.HAS_SET_DATA | FieldListFlags.HAS_SET_ID | FieldListFlags.HAS_STANDARD_DATA), 3, (byte)setData.Length };
        list.AddRange(setData);
        list.AddRange(new byte[] { 0x00, 0x01, 0x00, 0x20, 0x01, 0x07 });

        Assert.Equal(CodecReturnCode.SUCCESS, FieldListDecoder.Decode(list.ToArray(), out FieldListDecoder decoder, received));
        Assert.Equal(3, decoder.SetId);
        decoder.Next(out FieldEntry bid);
        Assert.Equal((22, DataTypes.REAL), (bid.FieldId, bid.DataType));
        Assert.Equal(CodecReturnCode.SUCCESS, bid.Decode(out Real real));
        Assert.Equal(new Real(0x6F38, RealHints.EXPONENT_2), real);
        decoder.Next(out FieldEntry size);
        size.Decode(out UInt u);
        Assert.Equal(256UL, u.Value);
        decoder.Next(out FieldEntry time);
        time.Decode(out Time t);
        Assert.Equal(new Time(15, 52, 12), t);
        decoder.Next(out FieldEntry text);
        Assert.Equal("hi"u8.ToArray(), text.EncodedData.ToArray());
        decoder.Next(out FieldEntry standard);
        Assert.Equal((32, DataTypes.UNKNOWN), (standard.FieldId, standard.DataType));
        Assert.Equal(CodecReturnCode.END_OF_CONTAINER, decoder.Next(out _));

        Assert.Equal(CodecReturnCode.SET_SKIPPED, FieldListDecoder.Decode(list.ToArray(), out FieldListDecoder skipping));
        skipping.Next(out FieldEntry onlyStandard);
        Assert.Equal(32, onlyStandard.FieldId);
    }

    [Fact]
    public void ElementList_SetDataOnly_Decodes()
    {
        var definitions = new LocalElementSetDefDb();
        definitions.Add(0, "Count"u8, DataTypes.INT_1);
        definitions.Add(0, "Name"u8, DataTypes.ASCII_STRING);
        byte[] encodedDefs = new byte[256];
        var writer = new RwfWriter(encodedDefs);
        definitions.Encode(ref writer);
        var received = new LocalElementSetDefDb();
        Assert.Equal(CodecReturnCode.SUCCESS, received.Decode(writer.Written));

        byte[] list = [(byte)ElementListFlags.HAS_SET_DATA, 0xFE, 0x03, (byte)'a', (byte)'b', (byte)'c'];
        Assert.Equal(CodecReturnCode.SUCCESS, ElementListDecoder.Decode(list, out ElementListDecoder decoder, received));
        decoder.Next(out ElementEntry count);
        Assert.True(count.NameIs("Count"u8));
        count.Decode(out Int value);
        Assert.Equal(-2, value.Value);
        decoder.Next(out ElementEntry name);
        Assert.True(name.NameIs("Name"u8));
        Assert.Equal("abc"u8.ToArray(), name.EncodedData.ToArray());
        Assert.Equal(CodecReturnCode.END_OF_CONTAINER, decoder.Next(out _));
    }

    [Fact]
    public void FieldList_SetDataEncodedWithSetValueWriter_RoundTrips()
    {
        var definitions = new LocalFieldSetDefDb();
        definitions.Define(2, [new(22, DataTypes.REAL_4RB), new(30, DataTypes.REAL_8RB), new(25, DataTypes.INT_2),
            new(3855, DataTypes.UINT_4), new(5, DataTypes.TIME_5), new(16, DataTypes.DATE_4), new(14, DataTypes.REAL), new(4, DataTypes.ENUM)]);
        Span<byte> setData = stackalloc byte[128];
        var set = new RwfWriter(setData);
        Assert.Equal(CodecReturnCode.SUCCESS, SetValueWriter.Write(ref set, DataTypes.REAL_4RB, new Real(-28485, RealHints.EXPONENT_1)));
        Assert.Equal(CodecReturnCode.SUCCESS, SetValueWriter.Write(ref set, DataTypes.REAL_8RB, Real.Blank));
        Assert.Equal(CodecReturnCode.SUCCESS, SetValueWriter.Write(ref set, DataTypes.INT_2, new Int(-300)));
        Assert.Equal(CodecReturnCode.SUCCESS, SetValueWriter.Write(ref set, DataTypes.UINT_4, new UInt(57132000)));
        Assert.Equal(CodecReturnCode.SUCCESS, SetValueWriter.Write(ref set, DataTypes.TIME_5, new Time(15, 52, 12, 7)));
        Assert.Equal(CodecReturnCode.SUCCESS, SetValueWriter.Write(ref set, DataTypes.DATE_4, new Date(15, 11, 2005)));
        Assert.Equal(CodecReturnCode.SUCCESS, SetValueWriter.Write(ref set, DataTypes.REAL, new Real(5, RealHints.EXPONENT0)));
        Assert.Equal(CodecReturnCode.SUCCESS, SetValueWriter.Write(ref set, DataTypes.ENUM, new RwfEnum(300)));
        Assert.Equal(CodecReturnCode.VALUE_OUT_OF_RANGE, SetValueWriter.Write(ref set, DataTypes.INT_1, new Int(300)));
        Assert.Equal(CodecReturnCode.INVALID_ARGUMENT, SetValueWriter.Write(ref set, DataTypes.UINT_2, new Int(1)));

        byte[] buffer = new byte[256];
        var enc = new RwfEncoder(buffer);
        Assert.Equal(CodecReturnCode.SUCCESS, enc.FieldListInit(2, set.Written, hasStandardData: true));
        Assert.Equal(CodecReturnCode.SUCCESS, enc.FieldEntry(1, new UInt(9)));
        Assert.Equal(CodecReturnCode.SUCCESS, enc.FieldListComplete(true));

        Assert.Equal(CodecReturnCode.SUCCESS, FieldListDecoder.Decode(enc.Written, out FieldListDecoder list, definitions));
        list.Next(out FieldEntry bid);
        Assert.Equal(CodecReturnCode.SUCCESS, bid.Decode(out Real real));
        Assert.Equal(new Real(-28485, RealHints.EXPONENT_1), real);
        list.Next(out FieldEntry blank);
        Assert.Equal(CodecReturnCode.BLANK_DATA, blank.Decode(out Real _));
        list.Next(out FieldEntry small);
        small.Decode(out Int i);
        Assert.Equal(-300, i.Value);
        list.Next(out FieldEntry volume);
        volume.Decode(out UInt u);
        Assert.Equal(57132000UL, u.Value);
        list.Next(out FieldEntry time);
        time.Decode(out Time t);
        Assert.Equal(new Time(15, 52, 12, 7), t);
        list.Next(out FieldEntry date);
        date.Decode(out Date d);
        Assert.Equal(new Date(15, 11, 2005), d);
        list.Next(out FieldEntry plainReal);
        plainReal.Decode(out Real five);
        Assert.Equal(new Real(5, RealHints.EXPONENT0), five);
        list.Next(out FieldEntry enumEntry);
        enumEntry.Decode(out RwfEnum e);
        Assert.Equal(300, e.Value);
        list.Next(out FieldEntry standard);
        Assert.Equal(1, standard.FieldId);
        Assert.Equal(CodecReturnCode.END_OF_CONTAINER, list.Next(out _));
    }

    [Fact]
    public void ElementList_OnlySetData_TakesNoEntries()
    {
        var definitions = new LocalElementSetDefDb();
        definitions.Add(0, "Count"u8, DataTypes.UINT_1);
        Span<byte> setData = stackalloc byte[8];
        var set = new RwfWriter(setData);
        SetValueWriter.Write(ref set, DataTypes.UINT_1, new UInt(200));

        byte[] buffer = new byte[64];
        var enc = new RwfEncoder(buffer);
        Assert.Equal(CodecReturnCode.SUCCESS, enc.ElementListInit(0, set.Written, hasStandardData: false));
        Assert.Equal(CodecReturnCode.UNEXPECTED_ENCODER_CALL, enc.ElementEntry("x"u8, new UInt(1)));
        Assert.Equal(CodecReturnCode.SUCCESS, enc.ElementListComplete(true));
        Assert.Equal(new byte[] { (byte)ElementListFlags.HAS_SET_DATA, 200 }, enc.Written.ToArray());

        ElementListDecoder.Decode(enc.Written, out ElementListDecoder list, definitions);
        list.Next(out ElementEntry count);
        count.Decode(out UInt value);
        Assert.Equal(200UL, value.Value);
        Assert.Equal(CodecReturnCode.END_OF_CONTAINER, list.Next(out _));
    }

    [Fact]
    public void MalformedSetDefinitions_AreReported()
    {
        var db = new LocalFieldSetDefDb();
        Assert.Equal(CodecReturnCode.SET_DEF_DB_EMPTY, db.Decode([0, 0]));
        Assert.Equal(CodecReturnCode.ILLEGAL_LOCAL_SET_DEF, db.Decode([0, 1, 16, 0]));
        Assert.Equal(CodecReturnCode.DUPLICATE_LOCAL_SET_DEFS, db.Decode([0, 2, 1, 0, 1, 0]));
        Assert.Equal(CodecReturnCode.INCOMPLETE_DATA, db.Decode([0, 1, 1, 2, 0, 1]));
        Assert.False(db.TryGet(1, out _));
    }
}
