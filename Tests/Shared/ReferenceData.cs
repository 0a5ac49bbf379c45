using Xunit;

namespace Eta.TestSupport;

/// <summary>
/// Locates the third-party reference data in ../shared/reference (LSEG dictionaries and golden vectors).
/// The folder is never copied into the repository. ETA_REFERENCE_DIR overrides the location.
/// When the folder is absent a test is skipped with a visible reason, unless REQUIRE_REFERENCE=1,
/// in which case it fails: CI sets that so these tests can never silently skip.
/// </summary>
public static class ReferenceData
{
    private static readonly Lazy<string?> s_root = new(FindRoot);

    /// <summary>The reference folder, or a skip/failure when it is missing.</summary>
    public static string Root => s_root.Value ?? Missing();

    /// <summary>A file or folder below the reference folder, e.g. Path("vectors", "RsslEncodersJunit").</summary>
    public static string Path(params string[] parts) =>
        System.IO.Path.Combine([Root, .. parts]);

    /// <summary>The repository root (the folder holding ETA.NET.sln).</summary>
    public static string RepoRoot => FindRepoRoot() ?? throw new InvalidOperationException(
        "ETA.NET.sln not found above " + AppContext.BaseDirectory);

    private static string Missing()
    {
        const string why = "../shared/reference not found (set ETA_REFERENCE_DIR to point at it)";
        if (Environment.GetEnvironmentVariable("REQUIRE_REFERENCE") == "1")
            Assert.Fail(why + " and REQUIRE_REFERENCE=1");
        Assert.Skip(why);
        return "";
    }

    private static string? FindRoot()
    {
        string? fromEnv = Environment.GetEnvironmentVariable("ETA_REFERENCE_DIR");
        if (!string.IsNullOrEmpty(fromEnv))
            return Directory.Exists(fromEnv) ? fromEnv : null;
        string? repo = FindRepoRoot();
        if (repo is null)
            return null;
        string candidate = System.IO.Path.GetFullPath(System.IO.Path.Combine(repo, "..", "shared", "reference"));
        return Directory.Exists(candidate) ? candidate : null;
    }

    private static string? FindRepoRoot()
    {
        for (var dir = new DirectoryInfo(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            if (File.Exists(System.IO.Path.Combine(dir.FullName, "ETA.NET.sln")))
                return dir.FullName;
        }
        return null;
    }
}
