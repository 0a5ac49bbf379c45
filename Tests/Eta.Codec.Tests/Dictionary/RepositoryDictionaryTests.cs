using Eta.TestSupport;
using Xunit;

namespace Eta.Codec.Tests.Dictionary;

/// <summary>etc/RDMFieldDictionary and etc/enumtype.def: our subset agrees with LSEG's full dictionary.</summary>
public class RepositoryDictionaryTests
{
    /// <summary>Fields of the default message data (refresh, update, post, generic), plus TIM_TRK_1..3.</summary>
    private static readonly int[] RequiredFids =
    [
        1, 2, 4, 5, 6, 11, 12, 13, 14, 15, 16, 19, 21, 22, 25, 30, 31, 32, 39, 40, 42, 43, 44, 53, 56, 60, 61, 77, 78, 79,
        100, 114, 115, 117, 118, 131, 178, 199, 203, 207, 208, 211, 259, 293, 296, 372, 373, 374, 375, 376, 377, 378,
        379, 869, 1000, 1018, 1021, 1023, 1025, 1041, 1067, 1080, 1379, 1465, 1501, 1709, 3256, 3264, 3297, 3298, 3422,
        3853, 3854, 3855, 3856, 3887, 3902, 3903, 3904, 6579, 6580, 8406, 8935, 8937, 12783, 14238,
    ];

    internal static DataDictionary LoadOurs()
    {
        var dictionary = new DataDictionary();
        string etc = Path.Combine(ReferenceData.RepoRoot, "etc");
        LoadAssert.Succeeded(dictionary.LoadFieldDictionary(Path.Combine(etc, "RDMFieldDictionary"), out var error), error);
        LoadAssert.Succeeded(dictionary.LoadEnumTypeDictionary(Path.Combine(etc, "enumtype.def"), out error), error);
        return dictionary;
    }

    [Fact]
    public void HoldsEveryFieldTheToolsUse()
    {
        var ours = LoadOurs();
        foreach (int fid in RequiredFids)
            Assert.True(ours.Entry(fid) is not null, $"fid {fid} missing from etc/RDMFieldDictionary");
        Assert.Equal("TIM_TRK_1", ours.Entry(3902)!.Acronym);
        Assert.Equal("USD", ours.FindEnumType(15, 840)!.DisplayText);
    }

    [Fact]
    public void EveryEnumFieldHasItsTable()
    {
        var ours = LoadOurs();
        foreach (var entry in ours.Entries().Where(e => e.RwfType == DataTypes.Enum))
            Assert.True(entry.EnumTable is not null, $"{entry.Acronym} ({entry.FieldId}) has no enum table");
    }

    [Fact]
    public void FieldsMatchTheReferenceDictionary()
    {
        var ours = LoadOurs();
        var reference = ReferenceDictionaryTests.LoadReference();
        foreach (var mine in ours.Entries())
        {
            var theirs = reference.Entry(mine.FieldId);
            Assert.NotNull(theirs);
            FieldDictionaryFileTests.AssertEntry(mine, theirs.Acronym, theirs.DdeAcronym, theirs.FieldId, theirs.RippleToField,
                theirs.FieldType, theirs.Length, theirs.EnumLength, theirs.RwfType, theirs.RwfLength);
        }
    }

    [Fact]
    public void EnumRowsMatchTheReferenceTables()
    {
        var ours = LoadOurs();
        var reference = ReferenceDictionaryTests.LoadReference();
        foreach (var table in ours.EnumTables)
        {
            foreach (short fid in table.FidReferences)
            {
                foreach (var row in table.EnumTypes)
                {
                    var theirs = reference.FindEnumType(fid, row.Value);
                    Assert.NotNull(theirs);
                    Assert.Equal(theirs.Display.ToArray(), row.Display.ToArray());
                    Assert.Equal(theirs.Meaning, row.Meaning);
                }
            }
        }
    }
}
