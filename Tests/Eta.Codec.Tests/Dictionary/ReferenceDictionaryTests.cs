using System.Diagnostics;
using Eta.TestSupport;
using Xunit;

namespace Eta.Codec.Tests.Dictionary;

/// <summary>The full LSEG reference dictionaries load, resolve, and look up without allocating.</summary>
[Collection(AllocationCollection.Name)]
public class ReferenceDictionaryTests
{
    internal static DataDictionary LoadReference()
    {
        var dictionary = new DataDictionary();
        LoadAssert.Succeeded(dictionary.LoadFieldDictionary(ReferenceData.Path("RDMFieldDictionary"), out var error), error);
        LoadAssert.Succeeded(dictionary.LoadEnumTypeDictionary(ReferenceData.Path("enumtype.def"), out error), error);
        return dictionary;
    }

    [Fact]
    public void FullReferenceDictionaryLoads()
    {
        var dictionary = LoadReference();

        Assert.Equal(16145, dictionary.NumberOfEntries);
        Assert.Equal("4.20.51", dictionary.Tags.FieldVersion);
        Assert.Equal(1, dictionary.Tags.DictionaryId);
        Assert.Equal("22.21", dictionary.Tags.EnumDtVersion);
        Assert.True(dictionary.EnumTableCount > 100);

        FieldDictionaryFileTests.AssertEntry(dictionary.Entry(22), "BID", "BID", 22, 23, MfFieldType.Price, 17, 0, DataTypes.Real, 7);
        FieldDictionaryFileTests.AssertEntry(dictionary.Entry(4), "RDN_EXCHID", "IDN EXCHANGE ID", 4, 0, MfFieldType.Enumerated, 3, 3, DataTypes.Enum, 1);
        Assert.Equal("NYS", dictionary.FindEnumType(4, 2)!.DisplayText);
        Assert.Equal([0xDE], dictionary.FindEnumType(14, 1)!.Display.ToArray());
        Assert.Equal(DataTypes.Time, dictionary.Entry(5)!.RwfType);
    }

    [Fact]
    public void LookupsAllocateNothing()
    {
        var dictionary = LoadReference();
        int[] fids = [1, 4, 6, 22, 25, 3902, -1, 0, 32767];
        long sum = 0;
        AllocationAssert.None(() => sum += LookupRound(dictionary, fids));
        Assert.True(sum > 0);
    }

    private static long LookupRound(DataDictionary dictionary, int[] fids)
    {
        long sum = 0;
        for (int i = 0; i < 10_000; i++)
            sum += Lookups(dictionary, fids);
        return sum;
    }

    private static long Lookups(DataDictionary dictionary, int[] fids)
    {
        long sum = 0;
        foreach (int fid in fids)
        {
            var entry = dictionary.Entry(fid);
            if (entry is null)
                continue;
            sum += entry.RwfType + entry.Acronym.Length;
            sum += DataDictionary.EntryEnumType(entry, 2)?.Display.Length ?? 0;
        }
        sum += dictionary.FindEnumType(4, 1)?.DisplayText.Length ?? 0;
        return sum;
    }

    [Fact]
    public void LoadTimeIsReported()
    {
        LoadReference(); // warm up (JIT, file cache)
        var clock = Stopwatch.StartNew();
        long before = GC.GetAllocatedBytesForCurrentThread();
        var dictionary = LoadReference();
        clock.Stop();
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        // Baseline: just reading the same two files line by line.
        var baseline = Stopwatch.StartNew();
        int lines = File.ReadLines(ReferenceData.Path("RDMFieldDictionary")).Count()
            + File.ReadLines(ReferenceData.Path("enumtype.def")).Count();
        baseline.Stop();

        TestContext.Current.TestOutputHelper?.WriteLine(
            $"Loaded RDMFieldDictionary + enumtype.def ({dictionary.NumberOfEntries} fields, {dictionary.EnumTableCount} enum tables, " +
            $"{lines} lines) in {clock.Elapsed.TotalMilliseconds:F1} ms, {allocated / 1024} KiB allocated; " +
            $"reading the lines alone: {baseline.Elapsed.TotalMilliseconds:F1} ms " +
            $"(ratio {clock.Elapsed.TotalMilliseconds / Math.Max(baseline.Elapsed.TotalMilliseconds, 0.001):F1}x)");
        Assert.True(lines > 60_000);
    }
}
