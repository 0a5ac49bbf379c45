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
        enc.MapInit(new MapHeader { KeyPrimitiveType = DataTypes.UInt, ContainerType = DataTypes.FieldList });
        Assert.Equal(CodecReturnCode.InvalidArgument, enc.MapEntryInit(MapEntryActions.Delete, new UInt(1)));
        enc.MapComplete(true);

        enc = new RwfEncoder(_buffer);
        enc.VectorInit(new VectorHeader { ContainerType = DataTypes.FieldList });
        Assert.Equal(CodecReturnCode.InvalidArgument, enc.VectorEntryInit(0, VectorEntryActions.Clear));
        Assert.Equal(CodecReturnCode.Success, enc.VectorComplete(true));
        Assert.Equal(CodecReturnCode.Success, VectorDecoder.Decode(enc.Written, out VectorDecoder vector));
        Assert.Equal(0, vector.Count);
    }

    [Fact]
    public void RolledBackSummary_LeavesAnEmptySummary()
    {
        var enc = new RwfEncoder(_buffer);
        enc.SeriesInit(new SeriesHeader { Flags = SeriesFlags.HasSummaryData, ContainerType = DataTypes.ElementList });
        enc.ElementListInit();
        enc.ElementEntry("a"u8, new UInt(1));
        enc.ElementListComplete(true);
        Assert.Equal(CodecReturnCode.Success, enc.SeriesSummaryDataComplete(false));
        enc.SeriesEntry([0x08, 0x00, 0x00]);
        Assert.Equal(CodecReturnCode.Success, enc.SeriesComplete(true));

        Assert.Equal(CodecReturnCode.Success, SeriesDecoder.Decode(enc.Written, out SeriesDecoder series));
        Assert.True(series.EncodedSummaryData.IsEmpty);
        Assert.Equal(1, series.Count);
    }

    [Fact]
    public void PermissionData_NeedsTheContainersPerEntryFlag()
    {
        var enc = new RwfEncoder(_buffer);
        enc.MapInit(new MapHeader { KeyPrimitiveType = DataTypes.AsciiString, ContainerType = DataTypes.Opaque });
        int before = enc.Position;
        Assert.Equal(CodecReturnCode.InvalidArgument, enc.MapEntry(MapEntryActions.Add, "k"u8, "v"u8, permData: "p"u8));
        Assert.Equal(before, enc.Position);
        Assert.Equal(CodecReturnCode.Success, enc.MapEntry(MapEntryActions.Add, "k"u8, "v"u8));
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
        Assert.Equal(CodecReturnCode.Success, enc.FieldEntryComplete(true));
        enc.FieldListComplete(true);

        FieldListDecoder.Decode(enc.Written, out FieldListDecoder list);
        Assert.Equal(CodecReturnCode.Success, list.Next(out FieldEntry entry));
        Assert.Equal(300, entry.EncodedData.Length);
    }

    [Fact]
    public void FilterEntryOfNoData_CarriesNoPayload()
    {
        var enc = new RwfEncoder(_buffer);
        enc.FilterListInit(FilterListFlags.None, DataTypes.ElementList);
        Assert.Equal(CodecReturnCode.Success, enc.FilterEntry(new FilterEntryHeader { Id = 3, Action = FilterEntryActions.Set, ContainerType = DataTypes.NoData }, "ignored"u8));
        enc.FilterListComplete(true);
        Assert.Equal(new byte[] { 0x00, 0x05, 0x01, 0x22, 0x03, 0x00 }, enc.Written.ToArray());

        FilterListDecoder.Decode(enc.Written, out FilterListDecoder list);
        list.Next(out FilterEntry entry);
        Assert.Equal(DataTypes.NoData, entry.ContainerType);
        Assert.True(entry.EncodedData.IsEmpty);
    }
}
