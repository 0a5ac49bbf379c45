namespace Eta.Codec.Tests.Dictionary;

/// <summary>A uniquely named temporary file holding test content, deleted on dispose.</summary>
internal sealed class TempFile : IDisposable
{
    public TempFile(string content)
    {
        Path = System.IO.Path.Combine(System.IO.Path.GetTempPath(), "eta-dict-" + Guid.NewGuid().ToString("N"));
        File.WriteAllText(Path, content, System.Text.Encoding.Latin1);
    }

    public string Path { get; }

    public void Dispose() => File.Delete(Path);
}
