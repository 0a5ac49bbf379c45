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
        Assert.Equal(CodecReturnCode.Success, enc.MapInit(new MapHeader
        {
            Flags = MapFlags.HasSummaryData | MapFlags.HasTotalCountHint,
            KeyPrimitiveType = DataTypes.AsciiString,
            ContainerType = DataTypes.FieldList,
            TotalCountHint = 2,
        }));
        Assert.Equal(CodecReturnCode.Success, enc.FieldListInit());
        Assert.Equal(CodecReturnCode.Success, enc.FieldEntry(15, new RwfEnum(840)));
        Assert.Equal(CodecReturnCode.Success, enc.FieldListComplete(true));
        Assert.Equal(CodecReturnCode.Success, enc.MapSummaryDataComplete(true));
        for (int row = 0; row < 2; row++)
        {
            Assert.Equal(CodecReturnCode.Success, enc.MapEntryInit(MapEntryActions.Add, row == 0 ? "BID"u8 : "ASK"u8));
            Assert.Equal(CodecReturnCode.Success, enc.FieldListInit());
            Assert.Equal(CodecReturnCode.Success, enc.FieldEntry(3427, new Real(100 + row, RealHints.ExponentNeg2)));
            Assert.Equal(CodecReturnCode.Success, enc.FieldListComplete(true));
            Assert.Equal(CodecReturnCode.Success, enc.MapEntryComplete(true));
        }
        Assert.Equal(CodecReturnCode.Success, enc.MapEntry(MapEntryActions.Delete, "OLD"u8, default));
        Assert.Equal(CodecReturnCode.Success, enc.MapComplete(true));
        Assert.Equal(0, enc.Depth);

        Assert.Equal(CodecReturnCode.Success, MapDecoder.Decode(enc.Written, out MapDecoder map));
        Assert.Equal(3, map.Count);
        Assert.Equal(2, map.TotalCountHint);
        Assert.Equal(CodecReturnCode.Success, FieldListDecoder.Decode(map.EncodedSummaryData, out FieldListDecoder summary));
        summary.Next(out FieldEntry currency);
        currency.Decode(out RwfEnum ccy);
        Assert.Equal(840, ccy.Value);
        for (int row = 0; row < 2; row++)
        {
            Assert.Equal(CodecReturnCode.Success, map.Next(out MapEntry entry));
            Assert.Equal(row == 0 ? "BID"u8.ToArray() : "ASK"u8.ToArray(), entry.EncodedKey.ToArray());
            FieldListDecoder.Decode(entry.EncodedData, out FieldListDecoder fields);
            fields.Next(out FieldEntry price);
            price.Decode(out Real real);
            Assert.Equal(new Real(100 + row, RealHints.ExponentNeg2), real);
        }
        Assert.Equal(CodecReturnCode.Success, map.Next(out MapEntry deleted));
        Assert.Equal(MapEntryActions.Delete, deleted.Action);
        Assert.Equal(CodecReturnCode.EndOfContainer, map.Next(out _));
    }

    [Fact]
    public void MapWithPrimitiveKeys_DecodesKeys()
    {
        var enc = new RwfEncoder(_buffer);
        enc.MapInit(new MapHeader { KeyPrimitiveType = DataTypes.UInt, ContainerType = DataTypes.ElementList });
        Assert.Equal(CodecReturnCode.Success, enc.MapEntryInit(MapEntryActions.Add, new UInt(300)));
        enc.ElementListInit();
        enc.ElementEntry("Name"u8, DataTypes.AsciiString, "DIRECT_FEED"u8);
        enc.ElementListComplete(true);
        enc.MapEntryComplete(true);
        enc.MapComplete(true);

        MapDecoder.Decode(enc.Written, out MapDecoder map);
        map.Next(out MapEntry entry);
        Assert.Equal(CodecReturnCode.Success, entry.DecodeKey(out UInt key));
        Assert.Equal(300UL, key.Value);
    }

    [Fact]
    public void VectorAndSeries_RoundTrip()
    {
        var enc = new RwfEncoder(_buffer);
        Assert.Equal(CodecReturnCode.Success, enc.VectorInit(new VectorHeader
        {
            Flags = VectorFlags.HasPerEntryPermData | VectorFlags.SupportsSorting,
            ContainerType = DataTypes.Series,
        }));
        Assert.Equal(CodecReturnCode.Success, enc.VectorEntryInit(5, VectorEntryActions.Set, "P"u8));
        Assert.Equal(CodecReturnCode.Success, enc.SeriesInit(new SeriesHeader { ContainerType = DataTypes.ElementList }));
        Assert.Equal(CodecReturnCode.Success, enc.SeriesEntryInit());
        enc.ElementListInit();
        enc.ElementEntry("Row"u8, new Int(1));
        enc.ElementListComplete(true);
        Assert.Equal(CodecReturnCode.Success, enc.SeriesEntryComplete(true));
        Assert.Equal(CodecReturnCode.Success, enc.SeriesComplete(true));
        Assert.Equal(CodecReturnCode.Success, enc.VectorEntryComplete(true));
        Assert.Equal(CodecReturnCode.Success, enc.VectorEntry(70000, VectorEntryActions.Delete, default));
        Assert.Equal(CodecReturnCode.Success, enc.VectorComplete(true));

        Assert.Equal(CodecReturnCode.Success, VectorDecoder.Decode(enc.Written, out VectorDecoder vector));
        Assert.Equal(DataTypes.Series, vector.ContainerType);
        vector.Next(out VectorEntry first);
        Assert.Equal(5, first.Index);
        Assert.Equal("P"u8.ToArray(), first.PermData.ToArray());
        Assert.Equal(CodecReturnCode.Success, SeriesDecoder.Decode(first.EncodedData, out SeriesDecoder series));
        Assert.Equal(CodecReturnCode.Success, series.Next(out ReadOnlySpan<byte> row));
        ElementListDecoder.Decode(row, out ElementListDecoder elements);
        elements.Next(out ElementEntry element);
        element.Decode(out Int one);
        Assert.Equal(1, one.Value);
        Assert.Equal(CodecReturnCode.EndOfContainer, series.Next(out _));
        vector.Next(out VectorEntry second);
        Assert.Equal(70000, second.Index);
        Assert.Equal(VectorEntryActions.Delete, second.Action);
        Assert.Equal(CodecReturnCode.EndOfContainer, vector.Next(out _));
    }

    [Fact]
    public void FailedEntry_IsRolledBack_AndTheListStaysValid()
    {
        var enc = new RwfEncoder(_buffer);
        enc.FieldListInit();
        enc.FieldEntry(1, new UInt(1));
        Assert.Equal(CodecReturnCode.Success, enc.FieldEntryInit(2));
        enc.MapInit(new MapHeader { KeyPrimitiveType = DataTypes.UInt, ContainerType = DataTypes.FieldList });
        Assert.Equal(CodecReturnCode.Success, enc.MapComplete(false));
        Assert.Equal(CodecReturnCode.Success, enc.FieldEntryComplete(false));
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
        Assert.Equal(CodecReturnCode.Success, EncodeSample(new byte[4096], out int needed));
        for (int size = 0; size < needed; size++)
        {
            byte[] small = new byte[size];
            Assert.Equal(CodecReturnCode.BufferTooSmall, EncodeSample(small, out int written));
            Assert.True(written <= size);
        }
        Assert.Equal(CodecReturnCode.Success, EncodeSample(new byte[needed], out int exact));
        Assert.Equal(needed, exact);
    }

    // Encodes a list, stopping at the first failure and rolling the whole list back, as a tool would before
    // asking the transport for a bigger buffer.
    private static CodecReturnCode EncodeSample(byte[] buffer, out int written)
    {
        var enc = new RwfEncoder(buffer);
        CodecReturnCode rc = enc.FieldListInit(1, 7);
        if (rc == CodecReturnCode.Success)
            rc = enc.FieldEntry(22, new Real(284856, RealHints.ExponentNeg2));
        if (rc == CodecReturnCode.Success)
            rc = enc.FieldEntry(1000, "some RMTES text"u8);
        if (rc == CodecReturnCode.Success)
            rc = enc.FieldEntryInit(30);
        if (rc == CodecReturnCode.Success)
            rc = enc.ArrayInit(DataTypes.UInt);
        if (rc == CodecReturnCode.Success)
            rc = enc.ArrayEntry(new UInt(12345));
        if (rc == CodecReturnCode.Success)
            rc = enc.ArrayComplete(true);
        if (rc == CodecReturnCode.Success)
            rc = enc.FieldEntryComplete(true);
        if (rc == CodecReturnCode.Success)
            rc = enc.FieldListComplete(true);
        written = enc.Position;
        if (rc != CodecReturnCode.Success)
        {
            while (enc.Depth > 0)
            {
                if (enc.ArrayComplete(false) != CodecReturnCode.Success)
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
        Assert.Equal(CodecReturnCode.UnexpectedEncoderCall, enc.FieldEntry(1, new UInt(1)));
        Assert.Equal(CodecReturnCode.UnexpectedEncoderCall, enc.FieldListComplete(true));
        enc.FieldListInit();
        Assert.Equal(CodecReturnCode.UnexpectedEncoderCall, enc.ElementListInit());
        Assert.Equal(CodecReturnCode.UnexpectedEncoderCall, enc.MapEntry(MapEntryActions.Add, "k"u8, default));
        enc.FieldEntryInit(5);
        Assert.Equal(CodecReturnCode.UnexpectedEncoderCall, enc.FieldListComplete(true));
    }

    [Fact]
    public void NestingDeeperThanTheStack_IsOverrun()
    {
        var enc = new RwfEncoder(_buffer);
        for (int level = 0; level < RwfEncoder.MaxDepth; level++)
        {
            Assert.Equal(CodecReturnCode.Success, enc.ElementListInit());
            if (level < RwfEncoder.MaxDepth - 1)
                Assert.Equal(CodecReturnCode.Success, enc.ElementEntryInit("n"u8, DataTypes.ElementList));
        }
        enc.ElementEntryInit("n"u8, DataTypes.ElementList);
        Assert.Equal(CodecReturnCode.IteratorOverrun, enc.ElementListInit());
    }

    [Fact]
    public void NonRwfPayload_IsCarriedAsIs()
    {
        var enc = new RwfEncoder(_buffer);
        enc.ElementListInit();
        enc.ElementEntryInit("xml"u8, DataTypes.Xml);
        Assert.Equal(CodecReturnCode.Success, enc.EncodeNonRwfData("<a/>"u8));
        enc.ElementEntryComplete(true);
        enc.ElementEntry("msg"u8, DataTypes.Msg, [0x00, 0x03, 0x04]);
        enc.ElementListComplete(true);

        ElementListDecoder.Decode(enc.Written, out ElementListDecoder list);
        list.Next(out ElementEntry xml);
        Assert.Equal(DataTypes.Xml, xml.DataType);
        Assert.Equal("<a/>"u8.ToArray(), xml.EncodedData.ToArray());
        list.Next(out ElementEntry msg);
        Assert.Equal(DataTypes.Msg, msg.DataType);
        Assert.Equal(3, msg.EncodedData.Length);
    }
}
