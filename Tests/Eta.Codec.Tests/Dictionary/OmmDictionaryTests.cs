using Eta.TestSupport;
using Eta.Codec.Rdm;
using Xunit;

namespace Eta.Codec.Tests.Dictionary;

/// <summary>Dictionary download: the reference dictionary survives encoding in parts and decoding.</summary>
[Collection(AllocationCollection.Name)]
public class OmmDictionaryTests
{
    private const int TransportBufferSize = 6144;

    /// <summary>The largest enum table (exchanges, 1702 values) needs about 14 KB in one part.</summary>
    private const int EnumBufferSize = 16384;

    [Fact]
    public void FieldDictionaryRoundTripsInParts()
    {
        var original = ReferenceDictionaryTests.LoadReference();
        var parts = DictionaryParts.EncodeFields(original, TransportBufferSize, DictionaryVerbosity.Normal);

        Assert.True(parts.Count > 10, $"only {parts.Count} parts");
        Assert.All(parts, part => Assert.InRange(part.Length, 1, TransportBufferSize));
        Assert.Equal(CodecReturnCode.Success, DataDictionary.ExtractDictionaryType(parts[0], out var type, out _));
        Assert.Equal(DictionaryTypes.FieldDefinitions, type);
        Assert.All(parts, part =>
        {
            Assert.Equal(CodecReturnCode.Success, SeriesDecoder.Decode(part, out var series));
            Assert.True((series.Flags & SeriesFlags.HasSetDefs) != 0, "entries are set-defined, as LSEG sends them");
        });
        TestContext.Current.TestOutputHelper?.WriteLine(
            $"{original.NumberOfEntries} fields in {parts.Count} parts, {parts.Sum(p => p.Length)} bytes");

        var decoded = new DataDictionary();
        foreach (var part in parts)
            LoadAssert.Succeeded(decoded.DecodeFieldDictionary(part, DictionaryVerbosity.Normal, out var error), error);

        Assert.Equal(original.NumberOfEntries, decoded.NumberOfEntries);
        Assert.Equal(original.MinFid, decoded.MinFid);
        Assert.Equal(original.MaxFid, decoded.MaxFid);
        Assert.Equal("4.20.51", decoded.Tags.FieldVersion);
        Assert.Equal(1, decoded.Tags.DictionaryId);
        foreach (var mine in original.Entries())
        {
            FieldDictionaryFileTests.AssertEntry(decoded.Entry(mine.FieldId), mine.Acronym, mine.DdeAcronym, mine.FieldId,
                mine.RippleToField, mine.FieldType, mine.Length, mine.EnumLength, mine.RwfType, mine.RwfLength);
        }
    }

    [Fact]
    public void EnumTablesRoundTripInParts()
    {
        var original = ReferenceDictionaryTests.LoadReference();
        var parts = DictionaryParts.EncodeEnums(original, EnumBufferSize, DictionaryVerbosity.Verbose);
        Assert.True(parts.Count > 10, $"only {parts.Count} parts");

        var decoded = new DataDictionary();
        foreach (var part in parts)
        {
            Assert.Equal(CodecReturnCode.Success, DataDictionary.ExtractDictionaryType(part, out var type, out _));
            Assert.Equal(DictionaryTypes.EnumTables, type);
            LoadAssert.Succeeded(decoded.DecodeEnumTypeDictionary(part, DictionaryVerbosity.Verbose, out var error), error);
        }

        Assert.Equal(original.EnumTableCount, decoded.EnumTableCount);
        Assert.Equal("22.21", decoded.Tags.EnumDtVersion);
        Assert.Equal("4.20.51", decoded.Tags.EnumRtVersion);
        for (int t = 0; t < original.EnumTableCount; t++)
        {
            var mine = original.EnumTables[t];
            var theirs = decoded.EnumTables[t];
            Assert.Equal(mine.FidReferences.ToArray(), theirs.FidReferences.ToArray());
            Assert.Equal(mine.EnumTypes.Count, theirs.EnumTypes.Count);
            for (int i = 0; i < mine.EnumTypes.Count; i++)
            {
                Assert.Equal(mine.EnumTypes[i].Value, theirs.EnumTypes[i].Value);
                Assert.Equal(mine.EnumTypes[i].Display.ToArray(), theirs.EnumTypes[i].Display.ToArray());
                Assert.Null(theirs.EnumTypes[i].Meaning);
            }
        }
    }

    [Fact]
    public void DownloadedFieldsAndEnumsLinkUp()
    {
        var original = ReferenceDictionaryTests.LoadReference();
        var decoded = new DataDictionary();
        foreach (var part in DictionaryParts.EncodeEnums(original, 60_000, DictionaryVerbosity.Normal))
            LoadAssert.Succeeded(decoded.DecodeEnumTypeDictionary(part, DictionaryVerbosity.Normal, out var error), error);
        foreach (var part in DictionaryParts.EncodeFields(original, 60_000, DictionaryVerbosity.Minimal))
            LoadAssert.Succeeded(decoded.DecodeFieldDictionary(part, DictionaryVerbosity.Minimal, out var error), error);

        Assert.Equal("NYS", decoded.FindEnumType(4, 2)!.DisplayText);
        Assert.Equal([0xDE], decoded.FindEnumType(14, 1)!.Display.ToArray());
        var bid = decoded.Entry(22)!;
        Assert.Equal("", bid.DdeAcronym); // LONGNAME only from NORMAL up
        Assert.Equal(DataTypes.Real, bid.RwfType);
    }

    [Fact]
    public void InfoVerbositySendsOnlyTheSummary()
    {
        var original = ReferenceDictionaryTests.LoadReference();
        var fieldParts = DictionaryParts.EncodeFields(original, 200, DictionaryVerbosity.Info);
        var enumParts = DictionaryParts.EncodeEnums(original, 200, DictionaryVerbosity.Info);
        Assert.Single(fieldParts);
        Assert.Single(enumParts);

        var decoded = new DataDictionary();
        LoadAssert.Succeeded(decoded.DecodeFieldDictionary(fieldParts[0], DictionaryVerbosity.Info, out var error), error);
        LoadAssert.Succeeded(decoded.DecodeEnumTypeDictionary(enumParts[0], DictionaryVerbosity.Info, out error), error);
        Assert.Equal(0, decoded.NumberOfEntries);
        Assert.Equal("4.20.51", decoded.Tags.FieldVersion);
        Assert.Equal("22.21", decoded.Tags.EnumDtVersion);
    }

    [Fact]
    public void BufferTooSmallForOneFieldWritesNothing()
    {
        var original = ReferenceDictionaryTests.LoadReference();
        var buffer = new byte[40];
        var encoder = new RwfEncoder(buffer);
        int fid = DataDictionary.MinFieldId;

        var rc = original.EncodeFieldDictionary(ref encoder, ref fid, DictionaryVerbosity.Normal, out var error);

        Assert.Equal(CodecReturnCode.BufferTooSmall, rc);
        Assert.NotNull(error);
        Assert.Equal(0, encoder.Position);
        Assert.Equal(DataDictionary.MinFieldId, fid);
    }

    [Fact]
    public void WrongKindOfPayloadIsRejected()
    {
        var original = ReferenceDictionaryTests.LoadReference();
        var enumPart = DictionaryParts.EncodeEnums(original, 60_000, DictionaryVerbosity.Normal)[0];
        var fieldPart = DictionaryParts.EncodeFields(original, 60_000, DictionaryVerbosity.Normal)[0];
        var decoded = new DataDictionary();

        Assert.Equal(CodecReturnCode.Failure, decoded.DecodeFieldDictionary(enumPart, DictionaryVerbosity.Normal, out var error));
        Assert.Contains("Type 2", error!.Message);
        Assert.Equal(CodecReturnCode.Failure, decoded.DecodeEnumTypeDictionary(fieldPart, DictionaryVerbosity.Normal, out error));
        Assert.Contains("Type 1", error!.Message);
        Assert.Equal(CodecReturnCode.Failure, decoded.DecodeFieldDictionary([], DictionaryVerbosity.Normal, out error));
        Assert.Equal(CodecReturnCode.Failure, DataDictionary.ExtractDictionaryType([0x00, 0x04, 0x00, 0x00], out _, out error));
        Assert.Contains("ELEMENT_LIST", error!.Message);
    }

    [Fact]
    public void TruncatedPayloadsFailAsInLsegTests()
    {
        var original = ReferenceDictionaryTests.LoadReference();
        byte[] part = DictionaryParts.EncodeFields(original, TransportBufferSize, DictionaryVerbosity.Normal)[0];
        byte[] enumPart = DictionaryParts.EncodeEnums(original, EnumBufferSize, DictionaryVerbosity.Normal)[0];

        // Cut inside the entries: the type is still readable, the fields are not all there.
        Assert.Equal(CodecReturnCode.Success, DataDictionary.ExtractDictionaryType(part.AsSpan(0, 1000), out _, out _));
        Assert.Equal(CodecReturnCode.IncompleteData,
            new DataDictionary().DecodeFieldDictionary(part.AsSpan(0, 1000), DictionaryVerbosity.Normal, out var error));
        Assert.Equal(CodecReturnCode.IncompleteData, error!.Code);
        Assert.Equal(CodecReturnCode.IncompleteData,
            new DataDictionary().DecodeEnumTypeDictionary(enumPart.AsSpan(0, 1000), DictionaryVerbosity.Normal, out _));

        // Cut inside the header: nothing is readable.
        Assert.Equal(CodecReturnCode.Failure, DataDictionary.ExtractDictionaryType(part.AsSpan(0, 10), out _, out _));
        Assert.True(new DataDictionary().DecodeFieldDictionary(part.AsSpan(0, 10), DictionaryVerbosity.Normal, out _) < 0);
    }

    [Fact]
    public void DamagedPayloadsFailCleanly()
    {
        var original = RepositoryDictionaryTests.LoadOurs();
        var fieldPart = DictionaryParts.EncodeFields(original, 3000, DictionaryVerbosity.Normal)[0];
        var enumPart = DictionaryParts.EncodeEnums(original, 3000, DictionaryVerbosity.Verbose)[0];
        var random = new Random(7);
        var decoded = new DataDictionary();
        int failures = 0;

        for (int i = 0; i < 10_000; i++)
        {
            byte[] part = (i % 2 == 0 ? fieldPart : enumPart).ToArray();
            if (i % 3 == 0)
                part = part[..random.Next(part.Length)]; // truncated
            else
                part[random.Next(part.Length)] = (byte)random.Next(256);
            decoded.Clear();
            var rc = i % 2 == 0
                ? decoded.DecodeFieldDictionary(part, DictionaryVerbosity.Normal, out var error)
                : decoded.DecodeEnumTypeDictionary(part, DictionaryVerbosity.Verbose, out error);
            if (rc < 0)
            {
                failures++;
                Assert.False(string.IsNullOrEmpty(error!.Message));
            }
        }
        Assert.True(failures > 1000, $"only {failures} of 10000 damaged payloads were rejected");
    }

    [Fact]
    public void EncodingPartsAllocatesNothingOnceWarm()
    {
        var dictionary = RepositoryDictionaryTests.LoadOurs();
        var buffer = new byte[1500]; // several parts of each kind
        int failures = 0;
        AllocationAssert.None(() =>
        {
            for (int i = 0; i < 20; i++)
                failures += EncodeEverything(dictionary, buffer) ? 0 : 1;
        });
        Assert.Equal(0, failures);
    }

    // Encodes every part of both dictionaries; true when both ended with SUCCESS. Asserts stay outside: they allocate.
    private static bool EncodeEverything(DataDictionary dictionary, byte[] buffer)
    {
        int fid = DataDictionary.MinFieldId;
        CodecReturnCode fields, enums;
        do
        {
            var encoder = new RwfEncoder(buffer);
            fields = dictionary.EncodeFieldDictionary(ref encoder, ref fid, DictionaryVerbosity.Normal, out _);
        } while (fields == CodecReturnCode.DictPartEncoded);

        int table = 0;
        do
        {
            var encoder = new RwfEncoder(buffer);
            enums = dictionary.EncodeEnumTypeDictionary(ref encoder, ref table, DictionaryVerbosity.Normal, out _);
        } while (enums == CodecReturnCode.DictPartEncoded);
        return fields == CodecReturnCode.Success && enums == CodecReturnCode.Success;
    }
}
