using Eta.Codec.Rdm;
using Xunit;

namespace Eta.Codec.Tests.Dictionary;

/// <summary>
/// The provider/consumer flow: each dictionary part travels in a <see cref="DictionaryRefresh"/> message that fits
/// one buffer; the consumer reads the message, then adds the payload to its dictionary.
/// </summary>
public class DictionaryRefreshFlowTests
{
    [Fact]
    public void FieldDictionaryDownloadsThroughRefreshMessages()
    {
        var provided = RepositoryDictionaryTests.LoadOurs();
        var received = new DataDictionary();
        int fid = DataDictionary.MinFieldId;

        int parts = Download(new DictionaryRefresh { StreamId = 3, ServiceId = 1, DictionaryName = DictionaryNames.Field }, 1200,
            (ref RwfEncoder encoder) => provided.EncodeFieldDictionary(ref encoder, ref fid, DictionaryVerbosity.Normal, out _),
            (part, payload, first) =>
            {
                if (first)
                {
                    Assert.Equal(DictionaryTypes.FieldDefinitions, part.DictionaryType);
                    Assert.Equal("4.20.51", part.Version);
                    Assert.Equal(CodecReturnCode.Success, DataDictionary.ExtractDictionaryType(payload, out ulong type, out _));
                    Assert.Equal(DictionaryTypes.FieldDefinitions, type);
                }
                LoadAssert.Succeeded(received.DecodeFieldDictionary(payload, part.Verbosity, out var error), error);
            });

        Assert.True(parts > 3, $"{parts} parts");
        Assert.Equal(provided.NumberOfEntries, received.NumberOfEntries);
        Assert.Equal("TIM_TRK_1", received.Entry(3902)!.Acronym);
    }

    [Fact]
    public void EnumDictionaryDownloadsThroughRefreshMessages()
    {
        var provided = RepositoryDictionaryTests.LoadOurs();
        var received = new DataDictionary();
        int table = 0;

        Download(new DictionaryRefresh { StreamId = 4, ServiceId = 1, DictionaryName = DictionaryNames.EnumType }, 2000,
            (ref RwfEncoder encoder) => provided.EncodeEnumTypeDictionary(ref encoder, ref table, DictionaryVerbosity.Normal, out _),
            (part, payload, _) =>
            {
                Assert.Equal(DictionaryTypes.EnumTables, part.DictionaryType);
                LoadAssert.Succeeded(received.DecodeEnumTypeDictionary(payload, part.Verbosity, out var error), error);
            });

        Assert.Equal(provided.EnumTableCount, received.EnumTableCount);
        Assert.Equal("USD", received.EnumTables.SelectMany(t => t.EnumTypes).First(e => e.Value == 840).DisplayText);
    }

    private delegate CodecReturnCode EncodePart(ref RwfEncoder encoder);

    private delegate void ConsumePart(DictionaryRefresh part, ReadOnlySpan<byte> payload, bool first);

    // Sends refresh parts until the provider's encoder says SUCCESS (RefreshComplete on that last part) and hands
    // each decoded part to the consumer; returns the number of parts.
    private static int Download(DictionaryRefresh refresh, int bufferSize, EncodePart encodePart, ConsumePart consume)
    {
        var buffer = new byte[bufferSize];
        for (int parts = 1; parts < 1000; parts++)
        {
            var encoder = new RwfEncoder(buffer);
            Assert.Equal(CodecReturnCode.EncodeContainer, refresh.EncodeInit(ref encoder, out var state));
            var rc = encodePart(ref encoder);
            Assert.True(rc is CodecReturnCode.Success or CodecReturnCode.DictPartEncoded, rc.ToString());
            Assert.Equal(CodecReturnCode.Success,
                DictionaryRefresh.EncodeComplete(ref encoder, ref state, lastPart: rc == CodecReturnCode.Success));

            Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(encoder.Written, out Msg msg));
            var part = new DictionaryRefresh();
            Assert.Equal(CodecReturnCode.Success, part.Decode(msg));
            consume(part, msg.EncodedDataBody, parts == 1);
            if (part.IsComplete)
                return parts;
        }
        Assert.Fail("the download never completed");
        return 0;
    }
}
