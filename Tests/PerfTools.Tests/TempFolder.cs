namespace PerfTools.Tests;

/// <summary>
/// A test's own folder under the system's temporary folder, removed when the test is disposed, or left behind,
/// harmlessly, when a file in it is still held (by a tool a failed test left running): cleaning up never fails a test.
/// </summary>
internal sealed class TempFolder(string prefix) : IDisposable
{
    public string Path { get; } = Directory.CreateTempSubdirectory(prefix).FullName;

    /// <summary>The path of a file (or folder) in this one.</summary>
    public string File(params ReadOnlySpan<string> names) => System.IO.Path.Combine([Path, .. names]);

    public void Dispose()
    {
        try
        {
            Directory.Delete(Path, recursive: true);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
        }
    }
}
