namespace PerfTools.Common.Output;

/// <summary>
/// What a stats or latency file says when a write to it fails mid-run (a full disk, a removed device): the run goes on
/// and keeps its figures for the summary, the file is written no further, and the tool says once which file and why.
/// </summary>
public static class OutputWriteFailure
{
    /// <summary>True for what a write throws when the file system, not the program, is at fault.</summary>
    public static bool IsWriteProblem(Exception e) => e is IOException or UnauthorizedAccessException;

    /// <summary>"path: why; nothing after that was written to it".</summary>
    public static string Describe(string path, Exception e) => $"{path}: {e.Message}; nothing after that was written to it";
}
