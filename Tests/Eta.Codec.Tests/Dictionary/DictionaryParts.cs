using Eta.Codec.Rdm;
using Xunit;

namespace Eta.Codec.Tests.Dictionary;

/// <summary>Encodes a whole dictionary as a provider would: one part per buffer until SUCCESS.</summary>
internal static class DictionaryParts
{
    public static List<byte[]> EncodeFields(DataDictionary dictionary, int bufferSize, DictionaryVerbosity verbosity)
    {
        int fid = DataDictionary.MinFieldId;
        return EncodeAll(bufferSize, (ref RwfEncoder encoder) =>
        {
            var rc = dictionary.EncodeFieldDictionary(ref encoder, ref fid, verbosity, out var error);
            Assert.True(rc is CodecReturnCode.Success or CodecReturnCode.DictPartEncoded, $"{rc}: {error}");
            return rc;
        });
    }

    public static List<byte[]> EncodeEnums(DataDictionary dictionary, int bufferSize, DictionaryVerbosity verbosity)
    {
        int table = 0;
        return EncodeAll(bufferSize, (ref RwfEncoder encoder) =>
        {
            var rc = dictionary.EncodeEnumTypeDictionary(ref encoder, ref table, verbosity, out var error);
            Assert.True(rc is CodecReturnCode.Success or CodecReturnCode.DictPartEncoded, $"{rc}: {error}");
            return rc;
        });
    }

    private delegate CodecReturnCode EncodePart(ref RwfEncoder encoder);

    private static List<byte[]> EncodeAll(int bufferSize, EncodePart encodePart)
    {
        var parts = new List<byte[]>();
        var buffer = new byte[bufferSize];
        while (true)
        {
            var encoder = new RwfEncoder(buffer);
            var rc = encodePart(ref encoder);
            parts.Add(encoder.Written.ToArray());
            if (rc == CodecReturnCode.Success)
                return parts;
            Assert.True(parts.Count < 100_000, "encoding does not progress");
        }
    }
}
