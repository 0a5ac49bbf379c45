using Xunit;

namespace Eta.Codec.Tests.Containers;

/// <summary>Nesting, in-place summary data, rollback and buffer-too-small handling.</summary>
public class NestedContainerTests
{
    private readonly byte[] _buffer = new byte[4096];

    [Fact]
    public void MapOfFieldLists_WithSummaryEncodedInPlace_RoundTrips()
    {
        var enc = new RwfEncoder(_buffer);
        Assert.Equal(CodecReturnCode.SUCCESS, enc.MapInit(new MapHeader
        {
            Flags = MapFlags.HAS_SUMMARY_DATA | MapFlags.HAS_TOTAL_COUNT_HINT,
            KeyPrimitiveType = DataTypes.ASCII_STRING,
            ContainerType = DataTypes.FIELD_LIST,
            TotalCountHint = 2,
        }));
        Assert.Equal(CodecReturnCode.SUCCESS, enc.FieldListInit());
        Assert.Equal(CodecReturnCode.SUCCESS, enc.FieldEntry(15, new RwfEnum(840)));
        Assert.Equal(CodecReturnCode.SUCCESS, enc.FieldListComplete(true));
        Assert.Equal(CodecReturnCode.SUCCESS, enc.MapSummaryDataComplete(true));
        for (int row = 0; row < 2; row++)
        {
            Assert.Equal(CodecReturnCode.SUCCESS, enc.MapEntryInit(MapEntryActions.ADD, row == 0 ? "BID"u8 : "ASK"u8));
            Assert.Equal(CodecReturnCode.SUCCESS, enc.FieldListInit());
            Assert.Equal(CodecReturnCode.SUCCESS, enc.FieldEntry(3427, new Real(100 + row, RealHints.EXPONENT_2)));
            Assert.Equal(CodecReturnCode.SUCCESS, enc.FieldListComplete(true));
            Assert.Equal(CodecReturnCode.SUCCESS, enc.MapEntryComplete(true));
        }
        Assert.Equal(CodecReturnCode.SUCCESS, enc.MapEntry(MapEntryActions.DELETE, "OLD"u8, default));
        Assert.Equal(CodecReturnCode.SUCCESS, enc.MapComplete(true));
        Assert.Equal(0, enc.Depth);

        Assert.Equal(CodecReturnCode.SUCCESS, MapDecoder.Decode(enc.Written, out MapDecoder map));
        Assert.Equal(3, map.Count);
        Assert.Equal(2, map.TotalCountHint);
        Assert.Equal(CodecReturnCode.SUCCESS, FieldListDecoder.Decode(map.EncodedSummaryData, out FieldListDecoder summary));
        summary.Next(out FieldEntry currency);
        currency.Decode(out RwfEnum ccy);
        Assert.Equal(840, ccy.Value);
        for (int row = 0; row < 2; row++)
        {
            Assert.Equal(CodecReturnCode.SUCCESS, map.Next(out MapEntry entry));
            Assert.Equal(row == 0 ? "BID"u8.ToArray() : "ASK"u8.ToArray(), entry.EncodedKey.ToArray());
            FieldListDecoder.Decode(entry.EncodedData, out FieldListDecoder fields);
            fields.Next(out FieldEntry price);
            price.Decode(out Real real);
            Assert.Equal(new Real(100 + row, RealHints.EXPONENT_2), real);
        }
        Assert.Equal(CodecReturnCode.SUCCESS, map.Next(out MapEntry deleted));
        Assert.Equal(MapEntryActions.DELETE, deleted.Action);
        Assert.Equal(CodecReturnCode.END_OF_CONTAINER, map.Next(out _));
    }

    [Fact]
    public void MapWithPrimitiveKeys_DecodesKeys()
    {
        var enc = new RwfEncoder(_buffer);
        enc.MapInit(new MapHeader { KeyPrimitiveType = DataTypes.UINT, ContainerType = DataTypes.ELEMENT_LIST });
        Assert.Equal(CodecReturnCode.SUCCESS, enc.MapEntryInit(MapEntryActions.ADD, new UInt(300)));
        enc.ElementListInit();
        enc.ElementEntry("Name"u8, DataTypes.ASCII_STRING, "DIRECT_FEED"u8);
        enc.ElementListComplete(true);
        enc.MapEntryComplete(true);
        enc.MapComplete(true);

        MapDecoder.Decode(enc.Written, out MapDecoder map);
        map.Next(out MapEntry entry);
        Assert.Equal(CodecReturnCode.SUCCESS, entry.DecodeKey(out UInt key));
        Assert.Equal(300UL, key.Value);
    }

    [Fact]
    public void VectorAndSeries_RoundTrip()
    {
        var enc = new RwfEncoder(_buffer);
        Assert.Equal(CodecReturnCode.SUCCESS, enc.VectorInit(new VectorHeader
        {
            Flags = VectorFlags.HAS_PER_ENTRY_PERM_DATA | VectorFlags.SUPPORTS_SORTING,
            ContainerType = DataTypes.SERIES,
        }));
        Assert.Equal(CodecReturnCode.SUCCESS, enc.VectorEntryInit(5, VectorEntryActions.SET, "P"u8));
        Assert.Equal(CodecReturnCode.SUCCESS, enc.SeriesInit(new SeriesHeader { ContainerType = DataTypes.ELEMENT_LIST }));
        Assert.Equal(CodecReturnCode.SUCCESS, enc.SeriesEntryInit());
        enc.ElementListInit();
        enc.ElementEntry("Row"u8, new Int(1));
        enc.ElementListComplete(true);
        Assert.Equal(CodecReturnCode.SUCCESS, enc.SeriesEntryComplete(true));
        Assert.Equal(CodecReturnCode.SUCCESS, enc.SeriesComplete(true));
        Assert.Equal(CodecReturnCode.SUCCESS, enc.VectorEntryComplete(true));
        Assert.Equal(CodecReturnCode.SUCCESS, enc.VectorEntry(70000, VectorEntryActions.DELETE, default));
        Assert.Equal(CodecReturnCode.SUCCESS, enc.VectorComplete(true));

        Assert.Equal(CodecReturnCode.SUCCESS, VectorDecoder.Decode(enc.Written, out VectorDecoder vector));
        Assert.Equal(DataTypes.SERIES, vector.ContainerType);
        vector.Next(out VectorEntry first);
        Assert.Equal(5, first.Index);
        Assert.Equal("P"u8.ToArray(), first.PermData.ToArray());
        Assert.Equal(CodecReturnCode.SUCCESS, SeriesDecoder.Decode(first.EncodedData, out SeriesDecoder series));
        Assert.Equal(CodecReturnCode.SUCCESS, series.Next(out ReadOnlySpan<byte> row));
        ElementListDecoder.Decode(row, out ElementListDecoder elements);
        elements.Next(out ElementEntry element);
        element.Decode(out Int one);
        Assert.Equal(1, one.Value);
        Assert.Equal(CodecReturnCode.END_OF_CONTAINER, series.Next(out _));
        vector.Next(out VectorEntry second);
        Assert.Equal(70000, second.Index);
        Assert.Equal(VectorEntryActions.DELETE, second.Action);
        Assert.Equal(CodecReturnCode.END_OF_CONTAINER, vector.Next(out _));
    }

    [Fact]
    public void FailedEntry_IsRolledBack_AndTheListStaysValid()
    {
        var enc = new RwfEncoder(_buffer);
        enc.FieldListInit();
        enc.FieldEntry(1, new UInt(1));
        Assert.Equal(CodecReturnCode.SUCCESS, enc.FieldEntryInit(2));
        enc.MapInit(new MapHeader { KeyPrimitiveType = DataTypes.UINT, ContainerType = DataTypes.FIELD_LIST });
        Assert.Equal(CodecReturnCode.SUCCESS, enc.MapComplete(false));
        Assert.Equal(CodecReturnCode.SUCCESS, enc.FieldEntryComplete(false));
        enc.FieldEntry(3, new UInt(3));
        enc.FieldListComplete(true);

        FieldListDecoder.Decode(enc.Written, out FieldListDecoder list);
        Assert.Equal(2, list.StandardCount);
        list.Next(out FieldEntry a);
        list.Next(out FieldEntry b);
        Assert.Equal((1, 3), (a.FieldId, b.FieldId));
    }

    [Fact]
    public void BufferTooSmall_LeavesAConsistentList_AndALargerBufferSucceeds()
    {
        Assert.Equal(CodecReturnCode.SUCCESS, EncodeSample(new byte[4096], out int needed));
        for (int size = 0; size < needed; size++)
        {
            byte[] small = new byte[size];
            Assert.Equal(CodecReturnCode.BUFFER_TOO_SMALL, EncodeSample(small, out int written));
            Assert.True(written <= size);
        }
        Assert.Equal(CodecReturnCode.SUCCESS, EncodeSample(new byte[needed], out int exact));
        Assert.Equal(needed, exact);
    }

    // Encodes a list, stopping at the first failure and rolling the whole list back, as a tool would before
    // asking the transport for a bigger buffer.
    private static CodecReturnCode EncodeSample(byte[] buffer, out int written)
    {
        var enc = new RwfEncoder(buffer);
        CodecReturnCode rc = enc.FieldListInit(1, 7);
        if (rc == CodecReturnCode.SUCCESS)
            rc = enc.FieldEntry(22, new Real(284856, RealHints.EXPONENT_2));
        if (rc == CodecReturnCode.SUCCESS)
            rc = enc.FieldEntry(1000, "some RMTES text"u8);
        if (rc == CodecReturnCode.SUCCESS)
            rc = enc.FieldEntryInit(30);
        if (rc == CodecReturnCode.SUCCESS)
            rc = enc.ArrayInit(DataTypes.UINT);
        if (rc == CodecReturnCode.SUCCESS)
            rc = enc.ArrayEntry(new UInt(12345));
        if (rc == CodecReturnCode.SUCCESS)
            rc = enc.ArrayComplete(true);
        if (rc == CodecReturnCode.SUCCESS)
            rc = enc.FieldEntryComplete(true);
        if (rc == CodecReturnCode.SUCCESS)
            rc = enc.FieldListComplete(true);
        written = enc.Position;
        if (rc != CodecReturnCode.SUCCESS)
        {
            while (enc.Depth > 0)
            {
                if (enc.ArrayComplete(false) != CodecReturnCode.SUCCESS)
                    enc.FieldListComplete(false);
            }
            Assert.Equal(0, enc.Position);
        }
        return rc;
    }

    [Fact]
    public void OutOfSequenceCalls_AreRejected()
    {
        var enc = new RwfEncoder(_buffer);
        Assert.Equal(CodecReturnCode.UNEXPECTED_ENCODER_CALL, enc.FieldEntry(1, new UInt(1)));
        Assert.Equal(CodecReturnCode.UNEXPECTED_ENCODER_CALL, enc.FieldListComplete(true));
        enc.FieldListInit();
        Assert.Equal(CodecReturnCode.UNEXPECTED_ENCODER_CALL, enc.ElementListInit());
        Assert.Equal(CodecReturnCode.UNEXPECTED_ENCODER_CALL, enc.MapEntry(MapEntryActions.ADD, "k"u8, default));
        enc.FieldEntryInit(5);
        Assert.Equal(CodecReturnCode.UNEXPECTED_ENCODER_CALL, enc.FieldListComplete(true));
    }

    [Fact]
    public void NestingDeeperThanTheStack_IsOverrun()
    {
        var enc = new RwfEncoder(_buffer);
        for (int level = 0; level < RwfEncoder.MaxDepth; level++)
        {
            Assert.Equal(CodecReturnCode.SUCCESS, enc.ElementListInit());
            if (level < RwfEncoder.MaxDepth - 1)
                Assert.Equal(CodecReturnCode.SUCCESS, enc.ElementEntryInit("n"u8, DataTypes.ELEMENT_LIST));
        }
        enc.ElementEntryInit("n"u8, DataTypes.ELEMENT_LIST);
        Assert.Equal(CodecReturnCode.ITERATOR_OVERRUN, enc.ElementListInit());
    }

    [Fact]
    public void NonRwfPayload_IsCarriedAsIs()
    {
        var enc = new RwfEncoder(_buffer);
        enc.ElementListInit();
        enc.ElementEntryInit("xml"u8, DataTypes.XML);
        Assert.Equal(CodecReturnCode.SUCCESS, enc.EncodeNonRwfData("<a/>"u8));
        enc.ElementEntryComplete(true);
        enc.ElementEntry("msg"u8, DataTypes.MSG, [0x00, 0x03, 0x04]);
        enc.ElementListComplete(true);

        ElementListDecoder.Decode(enc.Written, out ElementListDecoder list);
        list.Next(out ElementEntry xml);
        Assert.Equal(DataTypes.XML, xml.DataType);
        Assert.Equal("<a/>"u8.ToArray(), xml.EncodedData.ToArray());
        list.Next(out ElementEntry msg);
        Assert.Equal(DataTypes.MSG, msg.DataType);
        Assert.Equal(3, msg.EncodedData.Length);
    }
}
