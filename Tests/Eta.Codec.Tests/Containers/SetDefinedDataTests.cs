using Xunit;

namespace Eta.Codec.Tests.Containers;

/// <summary>Set-defined field and element list data, decoded with local set definitions.</summary>
public class SetDefinedDataTests
{
    [Fact]
    public void FieldList_SetDataThenStandardData_Decodes()
    {
        var definitions = new LocalFieldSetDefDb();
        definitions.Define(3, [new(22, DataTypes.Real4Rb), new(25, DataTypes.UInt2), new(5, DataTypes.Time3), new(296, DataTypes.RmtesString)]);
        byte[] encodedDefs = new byte[256];
        var defsWriter = new RwfWriter(encodedDefs);
        Assert.Equal(CodecReturnCode.Success, definitions.Encode(ref defsWriter));

        var received = new LocalFieldSetDefDb();
        Assert.Equal(CodecReturnCode.Success, received.Decode(defsWriter.Written));
        Assert.True(received.TryGet(3, out ReadOnlySpan<FieldSetDefEntry> entries));
        Assert.Equal(4, entries.Length);

        byte[] setData = [0x40 | RealHints.ExponentNeg2, 0x6F, 0x38, 0x01, 0x00, 15, 52, 12, 0x02, (byte)'h', (byte)'i'];
        var list = new List<byte> { (byte)(FieldListFlags.HasSetData | FieldListFlags.HasSetId | FieldListFlags.HasStandardData), 3, (byte)setData.Length };
        list.AddRange(setData);
        list.AddRange(new byte[] { 0x00, 0x01, 0x00, 0x20, 0x01, 0x07 });

        Assert.Equal(CodecReturnCode.Success, FieldListDecoder.Decode(list.ToArray(), out FieldListDecoder decoder, received));
        Assert.Equal(3, decoder.SetId);
        decoder.Next(out FieldEntry bid);
        Assert.Equal((22, DataTypes.Real), (bid.FieldId, bid.DataType));
        Assert.Equal(CodecReturnCode.Success, bid.Decode(out Real real));
        Assert.Equal(new Real(0x6F38, RealHints.ExponentNeg2), real);
        decoder.Next(out FieldEntry size);
        size.Decode(out UInt u);
        Assert.Equal(256UL, u.Value);
        decoder.Next(out FieldEntry time);
        time.Decode(out Time t);
        Assert.Equal(new Time(15, 52, 12), t);
        decoder.Next(out FieldEntry text);
        Assert.Equal("hi"u8.ToArray(), text.EncodedData.ToArray());
        decoder.Next(out FieldEntry standard);
        Assert.Equal((32, DataTypes.Unknown), (standard.FieldId, standard.DataType));
        Assert.Equal(CodecReturnCode.EndOfContainer, decoder.Next(out _));

        Assert.Equal(CodecReturnCode.SetSkipped, FieldListDecoder.Decode(list.ToArray(), out FieldListDecoder skipping));
        skipping.Next(out FieldEntry onlyStandard);
        Assert.Equal(32, onlyStandard.FieldId);
    }

    [Fact]
    public void ElementList_SetDataOnly_Decodes()
    {
        var definitions = new LocalElementSetDefDb();
        definitions.Add(0, "Count"u8, DataTypes.Int1);
        definitions.Add(0, "Name"u8, DataTypes.AsciiString);
        byte[] encodedDefs = new byte[256];
        var writer = new RwfWriter(encodedDefs);
        definitions.Encode(ref writer);
        var received = new LocalElementSetDefDb();
        Assert.Equal(CodecReturnCode.Success, received.Decode(writer.Written));

        byte[] list = [(byte)ElementListFlags.HasSetData, 0xFE, 0x03, (byte)'a', (byte)'b', (byte)'c'];
        Assert.Equal(CodecReturnCode.Success, ElementListDecoder.Decode(list, out ElementListDecoder decoder, received));
        decoder.Next(out ElementEntry count);
        Assert.True(count.NameIs("Count"u8));
        count.Decode(out Int value);
        Assert.Equal(-2, value.Value);
        decoder.Next(out ElementEntry name);
        Assert.True(name.NameIs("Name"u8));
        Assert.Equal("abc"u8.ToArray(), name.EncodedData.ToArray());
        Assert.Equal(CodecReturnCode.EndOfContainer, decoder.Next(out _));
    }

    [Fact]
    public void FieldList_SetDataEncodedWithSetValueWriter_RoundTrips()
    {
        var definitions = new LocalFieldSetDefDb();
        definitions.Define(2, [new(22, DataTypes.Real4Rb), new(30, DataTypes.Real8Rb), new(25, DataTypes.Int2),
            new(3855, DataTypes.UInt4), new(5, DataTypes.Time5), new(16, DataTypes.Date4), new(14, DataTypes.Real), new(4, DataTypes.Enum)]);
        Span<byte> setData = stackalloc byte[128];
        var set = new RwfWriter(setData);
        Assert.Equal(CodecReturnCode.Success, SetValueWriter.Write(ref set, DataTypes.Real4Rb, new Real(-28485, RealHints.ExponentNeg1)));
        Assert.Equal(CodecReturnCode.Success, SetValueWriter.Write(ref set, DataTypes.Real8Rb, Real.Blank));
        Assert.Equal(CodecReturnCode.Success, SetValueWriter.Write(ref set, DataTypes.Int2, new Int(-300)));
        Assert.Equal(CodecReturnCode.Success, SetValueWriter.Write(ref set, DataTypes.UInt4, new UInt(57132000)));
        Assert.Equal(CodecReturnCode.Success, SetValueWriter.Write(ref set, DataTypes.Time5, new Time(15, 52, 12, 7)));
        Assert.Equal(CodecReturnCode.Success, SetValueWriter.Write(ref set, DataTypes.Date4, new Date(15, 11, 2005)));
        Assert.Equal(CodecReturnCode.Success, SetValueWriter.Write(ref set, DataTypes.Real, new Real(5, RealHints.Exponent0)));
        Assert.Equal(CodecReturnCode.Success, SetValueWriter.Write(ref set, DataTypes.Enum, new RwfEnum(300)));
        Assert.Equal(CodecReturnCode.ValueOutOfRange, SetValueWriter.Write(ref set, DataTypes.Int1, new Int(300)));
        Assert.Equal(CodecReturnCode.InvalidArgument, SetValueWriter.Write(ref set, DataTypes.UInt2, new Int(1)));

        byte[] buffer = new byte[256];
        var enc = new RwfEncoder(buffer);
        Assert.Equal(CodecReturnCode.Success, enc.FieldListInit(2, set.Written, hasStandardData: true));
        Assert.Equal(CodecReturnCode.Success, enc.FieldEntry(1, new UInt(9)));
        Assert.Equal(CodecReturnCode.Success, enc.FieldListComplete(true));

        Assert.Equal(CodecReturnCode.Success, FieldListDecoder.Decode(enc.Written, out FieldListDecoder list, definitions));
        list.Next(out FieldEntry bid);
        Assert.Equal(CodecReturnCode.Success, bid.Decode(out Real real));
        Assert.Equal(new Real(-28485, RealHints.ExponentNeg1), real);
        list.Next(out FieldEntry blank);
        Assert.Equal(CodecReturnCode.BlankData, blank.Decode(out Real _));
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
        Assert.Equal(new Real(5, RealHints.Exponent0), five);
        list.Next(out FieldEntry enumEntry);
        enumEntry.Decode(out RwfEnum e);
        Assert.Equal(300, e.Value);
        list.Next(out FieldEntry standard);
        Assert.Equal(1, standard.FieldId);
        Assert.Equal(CodecReturnCode.EndOfContainer, list.Next(out _));
    }

    [Fact]
    public void ElementList_OnlySetData_TakesNoEntries()
    {
        var definitions = new LocalElementSetDefDb();
        definitions.Add(0, "Count"u8, DataTypes.UInt1);
        Span<byte> setData = stackalloc byte[8];
        var set = new RwfWriter(setData);
        SetValueWriter.Write(ref set, DataTypes.UInt1, new UInt(200));

        byte[] buffer = new byte[64];
        var enc = new RwfEncoder(buffer);
        Assert.Equal(CodecReturnCode.Success, enc.ElementListInit(0, set.Written, hasStandardData: false));
        Assert.Equal(CodecReturnCode.UnexpectedEncoderCall, enc.ElementEntry("x"u8, new UInt(1)));
        Assert.Equal(CodecReturnCode.Success, enc.ElementListComplete(true));
        Assert.Equal(new byte[] { (byte)ElementListFlags.HasSetData, 200 }, enc.Written.ToArray());

        ElementListDecoder.Decode(enc.Written, out ElementListDecoder list, definitions);
        list.Next(out ElementEntry count);
        count.Decode(out UInt value);
        Assert.Equal(200UL, value.Value);
        Assert.Equal(CodecReturnCode.EndOfContainer, list.Next(out _));
    }

    [Fact]
    public void MalformedSetDefinitions_AreReported()
    {
        var db = new LocalFieldSetDefDb();
        Assert.Equal(CodecReturnCode.SetDefDbEmpty, db.Decode([0, 0]));
        Assert.Equal(CodecReturnCode.IllegalLocalSetDef, db.Decode([0, 1, 16, 0]));
        Assert.Equal(CodecReturnCode.DuplicateLocalSetDefs, db.Decode([0, 2, 1, 0, 1, 0]));
        Assert.Equal(CodecReturnCode.IncompleteData, db.Decode([0, 1, 1, 2, 0, 1]));
        Assert.False(db.TryGet(1, out _));
    }
}
