namespace PerfTools.Common.Output;

/// <summary>
/// The summary file a run writes at its end. Every tool prints the same summary on its console first, so a file that
/// cannot be written (a full disk, a folder removed during the run) loses no result: the tool says so and exits non-zero.
/// </summary>
public static class SummaryFile
{
    /// <summary>Null when <paramref name="text"/> was written to <paramref name="path"/>; otherwise what went wrong.</summary>
    public static string? Write(string path, string text)
    {
        try
        {
            File.WriteAllText(path, text);
            return null;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return $"cannot write the summary file {path}: {e.Message}";
        }
    }
}
