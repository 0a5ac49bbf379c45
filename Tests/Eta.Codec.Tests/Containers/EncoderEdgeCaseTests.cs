using Xunit;

namespace Eta.Codec.Tests.Containers;

/// <summary>Encoder rules that keep the output decodable: actions without data, rolled-back summaries, limits.</summary>
public class EncoderEdgeCaseTests
{
    private readonly byte[] _buffer = new byte[1024];

    [Fact]
    public void EntriesThatCarryNoData_CannotBeOpened()
    {
        var enc = new RwfEncoder(_buffer);
        enc.MapInit(new MapHeader { KeyPrimitiveType = DataTypes.UINT, ContainerType = DataTypes.FIELD_LIST });
        Assert.Equal(CodecReturnCode.INVALID_ARGUMENT, enc.MapEntryInit(MapEntryActions.DELETE, new UInt(1)));
        enc.MapComplete(true);

        enc = new RwfEncoder(_buffer);
        enc.VectorInit(new VectorHeader { ContainerType = DataTypes.FIELD_LIST });
        Assert.Equal(CodecReturnCode.INVALID_ARGUMENT, enc.VectorEntryInit(0, VectorEntryActions.CLEAR));
        Assert.Equal(CodecReturnCode.SUCCESS, enc.VectorComplete(true));
        Assert.Equal(CodecReturnCode.SUCCESS, VectorDecoder.Decode(enc.Written, out VectorDecoder vector));
        Assert.Equal(0, vector.Count);
    }

    [Fact]
    public void RolledBackSummary_LeavesAnEmptySummary()
    {
        var enc = new RwfEncoder(_buffer);
        enc.SeriesInit(new SeriesHeader { Flags = SeriesFlags.HAS_SUMMARY_DATA, ContainerType = DataTypes.ELEMENT_LIST });
        enc.ElementListInit();
        enc.ElementEntry("a"u8, new UInt(1));
        enc.ElementListComplete(true);
        Assert.Equal(CodecReturnCode.SUCCESS, enc.SeriesSummaryDataComplete(false));
        enc.SeriesEntry([0x08, 0x00, 0x00]);
        Assert.Equal(CodecReturnCode.SUCCESS, enc.SeriesComplete(true));

        Assert.Equal(CodecReturnCode.SUCCESS, SeriesDecoder.Decode(enc.Written, out SeriesDecoder series));
        Assert.True(series.EncodedSummaryData.IsEmpty);
        Assert.Equal(1, series.Count);
    }

    [Fact]
    public void PermissionData_NeedsTheContainersPerEntryFlag()
    {
        var enc = new RwfEncoder(_buffer);
        enc.MapInit(new MapHeader { KeyPrimitiveType = DataTypes.ASCII_STRING, ContainerType = DataTypes.OPAQUE });
        int before = enc.Position;
        Assert.Equal(CodecReturnCode.INVALID_ARGUMENT, enc.MapEntry(MapEntryActions.ADD, "k"u8, "v"u8, permData: "p"u8));
        Assert.Equal(before, enc.Position);
        Assert.Equal(CodecReturnCode.SUCCESS, enc.MapEntry(MapEntryActions.ADD, "k"u8, "v"u8));
        enc.MapComplete(true);
    }

    [Fact]
    public void AValueLongerThan253Bytes_GetsTheLongLengthForm()
    {
        byte[] text = new byte[300];
        Array.Fill(text, (byte)'x');
        var enc = new RwfEncoder(_buffer);
        enc.FieldListInit();
        enc.FieldEntryInit(1, maxEncodedSize: 100);
        enc.EncodeNonRwfData(text);
        Assert.Equal(CodecReturnCode.SUCCESS, enc.FieldEntryComplete(true));
        enc.FieldListComplete(true);

        FieldListDecoder.Decode(enc.Written, out FieldListDecoder list);
        Assert.Equal(CodecReturnCode.SUCCESS, list.Next(out FieldEntry entry));
        Assert.Equal(300, entry.EncodedData.Length);
    }

    [Fact]
    public void FilterEntryOfNoData_CarriesNoPayload()
    {
        var enc = new RwfEncoder(_buffer);
        enc.FilterListInit(FilterListFlags.NONE, DataTypes.ELEMENT_LIST);
        Assert.Equal(CodecReturnCode.SUCCESS, enc.FilterEntry(new FilterEntryHeader { Id = 3, Action = FilterEntryActions.SET, ContainerType = DataTypes.NO_DATA }, "ignored"u8));
        enc.FilterListComplete(true);
        Assert.Equal(new byte[] { 0x00, 0x05, 0x01, 0x22, 0x03, 0x00 }, enc.Written.ToArray());

        FilterListDecoder.Decode(enc.Written, out FilterListDecoder list);
        list.Next(out FilterEntry entry);
        Assert.Equal(DataTypes.NO_DATA, entry.ContainerType);
        Assert.True(entry.EncodedData.IsEmpty);
    }
}
