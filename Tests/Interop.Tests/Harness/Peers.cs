using Eta.TestSupport;
using Xunit;

namespace Interop.Tests.Harness;

/// <summary>
/// LSEG's own tools in ../shared/peers (ETA_PEERS_DIR overrides it), never copied into the repository. When the
/// folder or a tool is missing a case is skipped with a visible reason, unless REQUIRE_REFERENCE=1 (CI), when it
/// fails naming the path.
/// </summary>
internal static class Peers
{
    private static readonly Lazy<string> s_root = new(() =>
    {
        string? fromEnv = Environment.GetEnvironmentVariable("ETA_PEERS_DIR");
        return !string.IsNullOrEmpty(fromEnv)
            ? Path.GetFullPath(fromEnv)
            : Path.GetFullPath(Path.Combine(ReferenceData.RepoRoot, "..", "shared", "peers"));
    });

    /// <summary>An LSEG C tool, e.g. CTool("rsslConsPerf").</summary>
    public static string CTool(string name) => Require(Path.Combine(s_root.Value, "lseg-eta-c", "bin", name));

    /// <summary>LSEG's RDMFieldDictionary, enumtype.def and MsgData.xml, which the C tools read from their working folder.</summary>
    public static string[] CDataFiles() =>
        [.. new[] { "RDMFieldDictionary", "enumtype.def", "MsgData.xml" }.Select(f => Require(Path.Combine(s_root.Value, "lseg-eta-c", "etc", f)))];

    /// <summary>An LSEG C# tool's assembly, e.g. CSharpTool("ConsPerf") (run with dotnet).</summary>
    public static string CSharpTool(string name) => Require(Path.Combine(s_root.Value, "lseg-eta-csharp", name + ".dll"));

    private static string Require(string path)
    {
        if (File.Exists(path))
            return path;
        string why = $"LSEG peer {path} not found (set ETA_PEERS_DIR to the folder holding lseg-eta-c and lseg-eta-csharp)";
        if (Environment.GetEnvironmentVariable("REQUIRE_REFERENCE") == "1")
            Assert.Fail(why + " and REQUIRE_REFERENCE=1");
        Assert.Skip(why);
        return path;
    }
}
