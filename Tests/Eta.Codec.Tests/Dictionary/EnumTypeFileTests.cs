using Eta.TestSupport;
using Xunit;

namespace Eta.Codec.Tests.Dictionary;

/// <summary>enumtype.def loading, with the outcomes LSEG's dictionary tests assert for the same files.</summary>
public class EnumTypeFileTests
{
    private static string Vector(string name) => ReferenceData.Path("vectors", "Codec", name);

    [Fact]
    public void BoundaryTableIsSharedByMinAndMaxFid()
    {
        var dictionary = new DataDictionary();
        Assert.Equal(CodecReturnCode.Success, dictionary.LoadEnumTypeDictionary(Vector("enumtypeBoundary.def"), out var error));
        Assert.Null(error);

        Assert.Equal("ENUMTYPE.001", dictionary.Tags.EnumFilename);
        // LSEG's Java test expects "IDN Marketstream enumerated tables" from its own copy; this vector says:
        Assert.Equal("Marketstream enumerated tables", dictionary.Tags.EnumDescription);
        Assert.Equal("4.10.11", dictionary.Tags.EnumRtVersion);
        Assert.Equal("13.11", dictionary.Tags.EnumDtVersion);
        Assert.Equal("26-Jun-2012", dictionary.Tags.EnumDate);

        Assert.Equal(1, dictionary.EnumTableCount);
        var table = dictionary.EnumTables[0];
        Assert.Equal(2, table.MaxValue);
        Assert.Equal([32767, -32768], table.FidReferences.ToArray());
        Assert.Equal([0, 1, 2], table.EnumTypes.Select(e => (int)e.Value));
        Assert.Equal(["   ", "MAX", "MIN"], table.EnumTypes.Select(e => e.DisplayText));
        Assert.Equal("MAX FID", table.EnumTypes[1].Meaning);
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public void EnumDisplaysResolveWhicheverFileLoadsFirst(bool enumsFirst)
    {
        var dictionary = new DataDictionary();
        if (enumsFirst)
            Assert.Equal(CodecReturnCode.Success, dictionary.LoadEnumTypeDictionary(Vector("enumtypeBoundary.def"), out _));
        LoadAssert.Succeeded(dictionary.LoadFieldDictionary(Vector("RDMFieldDictionaryBoundary"), out var error), error);
        if (!enumsFirst)
            Assert.Equal(CodecReturnCode.Success, dictionary.LoadEnumTypeDictionary(Vector("enumtypeBoundary.def"), out _));

        Assert.Null(DataDictionary.EntryEnumType(dictionary.Entry(1)!, 0));
        foreach (int fid in new[] { 32767, -32768 })
        {
            var entry = dictionary.Entry(fid)!;
            Assert.Equal("   ", DataDictionary.EntryEnumType(entry, 0)!.DisplayText);
            Assert.Equal("MAX", DataDictionary.EntryEnumType(entry, 1)!.DisplayText);
            Assert.Equal("MIN", dictionary.FindEnumType(fid, 2)!.DisplayText);
            Assert.Null(dictionary.FindEnumType(fid, 3));
        }
        Assert.Equal(8, dictionary.NumberOfEntries);
    }

    [Theory]
    [InlineData("enumtype1.def", 196)]
    [InlineData("enumtype2.def", 124)]
    public void OlderEnumFilesLoadWithLsegTableCounts(string file, int tables)
    {
        var dictionary = new DataDictionary();
        LoadAssert.Succeeded(dictionary.LoadEnumTypeDictionary(Vector(file), out var error), error);
        Assert.Equal(tables, dictionary.EnumTableCount);
    }

    [Fact]
    public void EnumTablesWithoutFieldsAreNotFields()
    {
        var dictionary = new DataDictionary();
        Assert.Equal(CodecReturnCode.Success, dictionary.LoadEnumTypeDictionary(Vector("enumtypeBoundary.def"), out _));
        Assert.Null(dictionary.Entry(32767));
        Assert.Equal(0, dictionary.NumberOfEntries);
    }

    [Fact]
    public void HexDisplaysAreRawBytes()
    {
        using var file = new TempFile("F 5\n 0 \"  \" blank\n 1 #DE# up\n 2 #4B673533BD# kg\n 3 \" #\" not hex\n");
        var dictionary = new DataDictionary();
        LoadAssert.Succeeded(dictionary.LoadEnumTypeDictionary(file.Path, out var error), error);
        var table = dictionary.EnumTables[0];
        Assert.Equal([0xDE], table.Find(1)!.Display.ToArray());
        Assert.Equal([0x4B, 0x67, 0x35, 0x33, 0xBD], table.Find(2)!.Display.ToArray());
        Assert.Equal(" #", table.Find(3)!.DisplayText);
        Assert.Equal("blank", table.Find(0)!.Meaning);
        Assert.Null(table.Find(4));
    }

    [Theory]
    [InlineData("F 5\n 0 #ABC# odd\n", 2, "even")]
    [InlineData("F 5\n 0 #XY# bad\n", 2, "non-hex")]
    [InlineData("F 5\n -1 \"A\" negative\n", 2, "negative")]
    [InlineData("F 5\n 70000 \"A\" big\n", 2, "larger than")]
    [InlineData("F 5\n 1 \"A\" a\n 1 \"B\" b\nG 6\n", 4, "duplicate value 1")]
    [InlineData("F 5\n 1 \"A\" a\nG 6\n 1 \"A\" a\nF 5\n 2 \"X\" x\nH 7\n 1 \"Y\" y\n", 7, "duplicate enum table reference")]
    [InlineData(" 1 \"A\" a\n", 1, "before any referencing FID")]
    [InlineData("F 5\n \"A\" a\n", 2, "without a VALUE")]
    [InlineData("F 5\n 1 A a\n", 2, "missing DISPLAY")]
    [InlineData("F 5\n 1 \"A a\n", 2, "missing DISPLAY")]
    [InlineData("F\n", 1, "FID")]
    [InlineData("F 5\nF 5\n 1 \"A\" a\n", 0, "listed twice")]
    [InlineData("!tag Type 1\n", 1, "Type tag 1")]
    public void MalformedTablesFailWithTheirLine(string content, int line, string problem)
    {
        using var file = new TempFile(content);
        var dictionary = new DataDictionary();
        Assert.Equal(CodecReturnCode.Failure, dictionary.LoadEnumTypeDictionary(file.Path, out var error));
        Assert.Equal(line, error!.Line);
        Assert.Contains(problem, error.Message);
    }

    [Theory]
    [InlineData("! nothing\n", "no enum table")]
    [InlineData("F 5\n", "no values")]
    public void FilesWithoutTablesFail(string content, string problem)
    {
        using var file = new TempFile(content);
        var dictionary = new DataDictionary();
        Assert.Equal(CodecReturnCode.Failure, dictionary.LoadEnumTypeDictionary(file.Path, out var error));
        Assert.Contains(problem, error!.Message);
    }

    [Fact]
    public void AcronymMustMatchTheFieldDefinition()
    {
        using var fields = new TempFile("A \"a\" 5 NULL ENUMERATED 3 ( 3 ) ENUM 1\n");
        using var enums = new TempFile("B 5\n 1 \"X\" x\n");
        var dictionary = new DataDictionary();
        Assert.Equal(CodecReturnCode.Success, dictionary.LoadFieldDictionary(fields.Path, out _));
        Assert.Equal(CodecReturnCode.Failure, dictionary.LoadEnumTypeDictionary(enums.Path, out var error));
        Assert.Contains("acronym mismatch", error!.Message);
    }

    [Fact]
    public void SparseHugeValuesUseLittleMemoryAndStillResolve()
    {
        using var file = new TempFile("F 5\n 1 \"A\" a\n 65535 \"Z\" z\n");
        var dictionary = new DataDictionary();
        Assert.Equal(CodecReturnCode.Success, dictionary.LoadEnumTypeDictionary(file.Path, out _));
        var table = dictionary.EnumTables[0];
        Assert.Equal("Z", table.Find(65535)!.DisplayText);
        Assert.Equal("A", table.Find(1)!.DisplayText);
        Assert.Null(table.Find(2));
        Assert.Null(table.Find(-1));
    }
}
