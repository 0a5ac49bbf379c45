using Eta.TestSupport;

namespace Interop.Tests.Harness;

/// <summary>Our tools as built beside this test project (same configuration and framework), run with dotnet.</summary>
internal static class OurTools
{
    // This assembly runs from Tests/Interop.Tests/bin/<configuration>/<framework>/.
    private static readonly string s_framework = new DirectoryInfo(AppContext.BaseDirectory.TrimEnd(Path.DirectorySeparatorChar)).Name;
    private static readonly string s_configuration =
        new DirectoryInfo(AppContext.BaseDirectory.TrimEnd(Path.DirectorySeparatorChar)).Parent!.Name;

    /// <summary>The output folder of a tool, e.g. Folder("ConsPerf"); it holds the data files the tool reads by default.</summary>
    public static string Folder(string tool)
    {
        string folder = Path.Combine(ReferenceData.RepoRoot, "PerfTools", tool, "bin", s_configuration, s_framework);
        if (!File.Exists(Path.Combine(folder, tool + ".dll")))
            throw new InvalidOperationException($"{tool} is not built at {folder} (build ETA.NET.sln -c {s_configuration})");
        return folder;
    }

    public static string Dll(string tool) => Path.Combine(Folder(tool), tool + ".dll");

    /// <summary>The dotnet host that runs this test, for starting .NET tools.</summary>
    public static string DotnetHost => Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") is { Length: > 0 } host ? host : "dotnet";
}
