using System.Runtime.InteropServices;
using PerfTools.PerfReport.Input;
using Xunit;

namespace PerfReport.Tests;

/// <summary>Files in a run folder that are not text a tool wrote are skipped with a note, not read until the report hangs or fails.</summary>
public sealed partial class UnreadableInputTests
{
    [Fact]
    public async Task AFifoNamedLikeAStatsFileIsSkippedWithoutBeingOpened()
    {
        using var run = new RunFixture().ConsStats(rows: 3);
        string fifo = run.PathOf("ConsStats2.csv");
        Assert.Equal(0, MakeFifo(fifo, 0b110_000_000));

        // Opening a FIFO for reading waits for a writer, so a reader that opens it never returns: the wait ends the test.
        RunFolder folder = await Task.Run(() => RunFolderReader.Read(run.Path), TestContext.Current.CancellationToken)
            .WaitAsync(TimeSpan.FromSeconds(60), TestContext.Current.CancellationToken);
        Assert.Equal("ConsStats1", Assert.Single(folder.Stats).Label);
        Assert.Contains(folder.Notes, note => note.Contains("ConsStats2.csv") && note.Contains("not a regular file"));
    }

    [Fact]
    public void AFileWithAnEndlessLineIsSkippedNamingTheLine()
    {
        using var run = new RunFixture().ConsStats(rows: 3);
        File.WriteAllText(run.PathOf("ConsStats2.csv"), "UTC,Update rate\n2026-11-23 10:00:01,5\n" + new string('7', TextFile.MaxLineChars + 1));

        RunFolder folder = RunFolderReader.Read(run.Path);

        Assert.Equal("ConsStats1", Assert.Single(folder.Stats).Label);
        Assert.Contains(folder.Notes, note => note.Contains("ConsStats2.csv: line 3 is longer than"));
    }

    [Fact]
    public void LinksThatEndNowhereOrLoopAreSkippedWithANote()
    {
        using var run = new RunFixture().ConsStats(rows: 3);
        File.CreateSymbolicLink(run.PathOf("gone.hgrm"), run.PathOf("deleted.hgrm"));
        File.CreateSymbolicLink(run.PathOf("loop1.csv"), run.PathOf("loop2.csv"));
        File.CreateSymbolicLink(run.PathOf("loop2.csv"), run.PathOf("loop1.csv"));

        RunFolder folder = RunFolderReader.Read(run.Path);

        Assert.Equal("ConsStats1", Assert.Single(folder.Stats).Label);
        Assert.Contains(folder.Notes, note => note.StartsWith("skipped gone.hgrm: empty, or not a regular file"));
        Assert.Contains(folder.Notes, note => note.StartsWith("skipped loop1.csv: its link cannot be followed"));
    }

    [Fact]
    public void LinesEndInAnyOfTheThreeWaysAndLongLinesUnderTheLimitAreWhole()
    {
        using var run = new RunFixture();
        string file = run.PathOf("lines.csv");
        string wide = new('x', 200_000);
        File.WriteAllText(file, $"a\r\nb\rc\n{wide}\r\n\r\nlast");

        Assert.Equal(["a", "b", "c", wide, "", "last"], TextFile.ReadLines(file).ToArray());
    }

    [LibraryImport("libc", EntryPoint = "mkfifo", StringMarshalling = StringMarshalling.Utf8)]
    private static partial int MakeFifo(string path, uint mode);
}
