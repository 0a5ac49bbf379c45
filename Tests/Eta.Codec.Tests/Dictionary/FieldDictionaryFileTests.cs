using Eta.TestSupport;
using Xunit;

namespace Eta.Codec.Tests.Dictionary;

/// <summary>RDMFieldDictionary loading, with the outcomes LSEG's DictionaryJunit asserts for the same files.</summary>
public class FieldDictionaryFileTests
{
    private static string Vector(string name) => ReferenceData.Path("vectors", "Codec", name);

    [Fact]
    public void BoundaryFileLoadsMinAndMaxFids()
    {
        var dictionary = new DataDictionary();
        Assert.Equal(CodecReturnCode.Success, dictionary.LoadFieldDictionary(Vector("RDMFieldDictionaryBoundary"), out var error));
        Assert.Null(error);

        Assert.Equal(8, dictionary.NumberOfEntries);
        Assert.Equal(32767, dictionary.MaxFid);
        Assert.Equal(-32768, dictionary.MinFid);
        Assert.Equal("RWF.DAT", dictionary.Tags.FieldFilename);
        Assert.Equal("RDF-D RWF field set", dictionary.Tags.FieldDescription);
        Assert.Equal("4.10.11", dictionary.Tags.FieldVersion);
        Assert.Equal("1", dictionary.Tags.FieldBuild);
        Assert.Equal("01-Jun-2012", dictionary.Tags.FieldDate);

        AssertEntry(dictionary.Entry(1), "PROD_PERM", "PERMISSION", 1, 0, MfFieldType.Integer, 5, 0, DataTypes.UInt, 2);
        AssertEntry(dictionary.Entry(32767), "MAX_FID", "MAX_FID", 32767, 0, MfFieldType.Enumerated, 3, 3, DataTypes.Enum, 1);
        AssertEntry(dictionary.Entry(-32768), "MIN_FID", "MIN_FID", -32768, 0, MfFieldType.Enumerated, 3, 3, DataTypes.Enum, 1);
        AssertEntry(dictionary.Entry(6), "TRDPRC_1", "LAST", 6, 7, MfFieldType.Price, 17, 0, DataTypes.Real, 7);
        Assert.Equal(0, dictionary.Entry(10)!.RippleToField);
    }

    [Theory]
    [InlineData("RDMFieldDictionaryZeroFid", 41, "fid 0 is reserved")]
    [InlineData("RDMFieldDictionaryInvalidRWFType", 41, "illegal RWF TYPE 'UNKNOWN'")]
    [InlineData("RDMFieldDictionaryDuplicateFid", 45, "duplicate definition for fid 1")]
    public void BadFilesFailNamingFileLineAndProblem(string file, int line, string problem)
    {
        var dictionary = new DataDictionary();
        Assert.Equal(CodecReturnCode.Failure, dictionary.LoadFieldDictionary(Vector(file), out var error));
        Assert.NotNull(error);
        Assert.Equal(Vector(file), error.Source);
        Assert.Equal(line, error.Line);
        Assert.Contains(problem, error.Message);
        Assert.StartsWith($"{Vector(file)}:{line}: ", error.ToString());
    }

    [Fact]
    public void MissingOrUnnamedFileFails()
    {
        var dictionary = new DataDictionary();
        Assert.Equal(CodecReturnCode.Failure, dictionary.LoadFieldDictionary("xyz", out var error));
        Assert.Contains("xyz", error!.ToString());
        Assert.Equal(CodecReturnCode.Failure, dictionary.LoadFieldDictionary(null!, out error));
        Assert.NotNull(error);
    }

    [Theory]
    [InlineData("A \"a\" 1 NULL INTEGER 5 UINT64", "RWF LEN")]
    [InlineData("A \"a\" x NULL INTEGER 5 UINT64 2", "FID")]
    [InlineData("A \"a\" 40000 NULL INTEGER 5 UINT64 2", "FID")]
    [InlineData("A \"a\" 1 NULL WEIRD 5 UINT64 2", "unknown FIELD TYPE 'WEIRD'")]
    [InlineData("A \"a\" 1 NULL ENUMERATED 3 ( 0 ) ENUM 1", "enum length")]
    [InlineData("A \"a\" 1 NULL ENUMERATED 3 ( 3 ENUM 1", "enum length")]
    [InlineData("A \"unterminated 1 NULL INTEGER 5 UINT64 2", "DDE ACRONYM")]
    [InlineData("A \"\" 1 NULL INTEGER 5 UINT64 2", "DDE ACRONYM")]
    [InlineData("A \"a\" 1 NULL INTEGER 99999999999 UINT64 2", "LENGTH")]
    [InlineData("!tag Type 2", "Type tag 2")]
    [InlineData("!tag DictionaryId x", "DictionaryId")]
    public void MalformedRowsFailWithTheirLine(string row, string problem)
    {
        using var file = new TempFile("! header\n!\n" + row + "\n");
        var dictionary = new DataDictionary();
        Assert.Equal(CodecReturnCode.Failure, dictionary.LoadFieldDictionary(file.Path, out var error));
        Assert.Equal(3, error!.Line);
        Assert.Contains(problem, error.Message);
    }

    [Fact]
    public void QuotedAcronymsCrLfAndForwardRipplesLoad()
    {
        using var file = new TempFile(
            "!tag Version 9.9\r\n" +
            "\"MY FIELD\" \"MY LONG NAME\" 100 OTHER ALPHANUMERIC 8 RMTES_STRING 8\r\n" +
            "   \r\n" +
            "OTHER \"OTHER\" -5 NULL TIME_SECONDS 5 TIME 5");
        var dictionary = new DataDictionary();
        LoadAssert.Succeeded(dictionary.LoadFieldDictionary(file.Path, out var error), error);
        AssertEntry(dictionary.Entry(100), "MY FIELD", "MY LONG NAME", 100, -5, MfFieldType.Alphanumeric, 8, 0, DataTypes.RmtesString, 8);
        Assert.Equal(MfFieldType.TimeSeconds, dictionary.Entry(-5)!.FieldType);
        Assert.Equal("9.9", dictionary.Tags.FieldVersion);
    }

    [Fact]
    public void OverlongLineIsRejectedWithoutReadingItWhole()
    {
        using var file = new TempFile("! ok\n" + new string('A', 100_000) + "\n");
        var dictionary = new DataDictionary();
        Assert.Equal(CodecReturnCode.Failure, dictionary.LoadFieldDictionary(file.Path, out var error));
        Assert.Equal(2, error!.Line);
        Assert.Contains("longer than", error.Message);
    }

    [Fact]
    public void SecondFileAddsFieldsButCannotRedefineThem()
    {
        using var first = new TempFile("A \"a\" 1 NULL INTEGER 5 UINT64 2\n");
        using var second = new TempFile("B \"b\" 2 NULL INTEGER 5 UINT64 2\n");
        var dictionary = new DataDictionary();
        Assert.Equal(CodecReturnCode.Success, dictionary.LoadFieldDictionary(first.Path, out _));
        Assert.Equal(CodecReturnCode.Success, dictionary.LoadFieldDictionary(second.Path, out _));
        Assert.Equal(2, dictionary.NumberOfEntries);
        Assert.Equal(CodecReturnCode.Failure, dictionary.LoadFieldDictionary(first.Path, out var error));
        Assert.Contains("duplicate definition for fid 1", error!.Message);
    }

    internal static void AssertEntry(DictionaryEntry? entry, string acronym, string dde, int fid, int rippleTo,
        MfFieldType type, int length, int enumLength, int rwfType, int rwfLength)
    {
        Assert.NotNull(entry);
        Assert.Equal(acronym, entry.Acronym);
        Assert.Equal(dde, entry.DdeAcronym);
        Assert.Equal(fid, entry.FieldId);
        Assert.Equal(rippleTo, entry.RippleToField);
        Assert.Equal(type, entry.FieldType);
        Assert.Equal(length, entry.Length);
        Assert.Equal(enumLength, entry.EnumLength);
        Assert.Equal(rwfType, entry.RwfType);
        Assert.Equal(rwfLength, entry.RwfLength);
    }
}
