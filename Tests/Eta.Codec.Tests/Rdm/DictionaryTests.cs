using Eta.Codec.Rdm;
using Xunit;

namespace Eta.Codec.Tests.Rdm;

public class DictionaryTests
{
    [Fact]
    public void RequestRoundTrips()
    {
        var request = new DictionaryRequest { StreamId = 3, ServiceId = 1, DictionaryName = DictionaryNames.EnumType, Verbosity = DictionaryVerbosity.Verbose };
        byte[] encoded = RdmTestSupport.Encode(request.Encode);
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(encoded, out Msg msg));
        Assert.Equal(DomainTypes.Dictionary, msg.DomainType);
        Assert.Equal(MsgKeyFlags.HasServiceId | MsgKeyFlags.HasName | MsgKeyFlags.HasFilter, msg.Key.Flags);
        Assert.Equal((uint)DictionaryVerbosity.Verbose, msg.Key.Filter);

        var decoded = new DictionaryRequest();
        Assert.Equal(CodecReturnCode.Success, decoded.Decode(msg));
        Assert.Equal("RWFEnum", decoded.DictionaryName);
        Assert.Equal(1, decoded.ServiceId);
        Assert.Equal(DictionaryVerbosity.Verbose, decoded.Verbosity);
        Assert.False(decoded.Streaming);
    }

    [Fact]
    public void RequestWithoutNameIsRefused()
    {
        var encoder = new RwfEncoder(new byte[64]);
        Assert.Equal(CodecReturnCode.InvalidArgument, new DictionaryRequest { DictionaryName = "" }.Encode(ref encoder));
    }

    [Fact]
    public void RefreshPartsRoundTrip()
    {
        var refresh = new DictionaryRefresh { StreamId = 3, ServiceId = 1, DictionaryName = "RWFFld", ClearCache = true };
        byte[] first = EncodePart(refresh, withSummary: true, lastPart: false);
        byte[] last = EncodePart(refresh, withSummary: false, lastPart: true);

        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(first, out Msg firstMsg));
        var decoded = new DictionaryRefresh();
        Assert.Equal(CodecReturnCode.Success, decoded.Decode(firstMsg));
        Assert.False(decoded.IsComplete);
        Assert.True(decoded.ClearCache);
        Assert.Equal("RWFFld", decoded.DictionaryName);
        Assert.Equal(1, decoded.ServiceId);
        Assert.Equal(DictionaryVerbosity.Normal, decoded.Verbosity);
        Assert.Equal(DictionaryTypes.FieldDefinitions, decoded.DictionaryType);
        Assert.Equal("4.20.29", decoded.Version);
        Assert.Equal(1L, decoded.DictionaryId);

        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(last, out Msg lastMsg));
        Assert.Equal(CodecReturnCode.Success, decoded.Decode(lastMsg));
        Assert.True(decoded.IsComplete);
        Assert.Null(decoded.DictionaryType);
    }

    private static byte[] EncodePart(DictionaryRefresh refresh, bool withSummary, bool lastPart)
    {
        var encoder = new RwfEncoder(new byte[512]);
        Assert.Equal(CodecReturnCode.EncodeContainer, refresh.EncodeInit(ref encoder, out MsgEncodeState state));
        var header = new SeriesHeader
        {
            Flags = withSummary ? SeriesFlags.HasSummaryData : SeriesFlags.None,
            ContainerType = DataTypes.ElementList,
        };
        Assert.Equal(CodecReturnCode.Success, encoder.SeriesInit(header));
        if (withSummary)
        {
            Assert.Equal(CodecReturnCode.Success, encoder.ElementListInit());
            Assert.Equal(CodecReturnCode.Success, encoder.ElementEntry(ElementNames.Type, new UInt(DictionaryTypes.FieldDefinitions)));
            Assert.Equal(CodecReturnCode.Success, encoder.ElementEntry(ElementNames.Version, DataTypes.AsciiString, "4.20.29"u8));
            Assert.Equal(CodecReturnCode.Success, encoder.ElementEntry(ElementNames.DictionaryId, new Int(1)));
            Assert.Equal(CodecReturnCode.Success, encoder.ElementListComplete(success: true));
            Assert.Equal(CodecReturnCode.Success, encoder.SeriesSummaryDataComplete(success: true));
        }
        Assert.Equal(CodecReturnCode.Success, encoder.SeriesComplete(success: true));
        Assert.Equal(CodecReturnCode.Success, DictionaryRefresh.EncodeComplete(ref encoder, ref state, lastPart));
        return encoder.Written.ToArray();
    }
}
