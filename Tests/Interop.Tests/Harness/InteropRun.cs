using System.Diagnostics;
using Xunit;

namespace Interop.Tests.Harness;

/// <summary>
/// One interop case: a temporary folder with a sub-folder per process (LSEG's tools read their dictionaries, message
/// data and item list from the working folder, so each gets links to them), and every process started for the case,
/// all of them killed when it ends. The folder is removed afterwards unless ETA_INTEROP_KEEP=1.
/// </summary>
internal sealed class InteropRun : IAsyncDisposable
{
    private readonly List<PeerProcess> _processes = [];
    private readonly Stopwatch _clock = Stopwatch.StartNew();

    public InteropRun(string name)
    {
        Name = name;
        Folder = Path.Combine(Path.GetTempPath(), "eta-interop", $"{name}-{Guid.NewGuid().ToString("N")[..8]}");
        Directory.CreateDirectory(Folder);
    }

    public string Name { get; }

    public string Folder { get; }

    /// <summary>Starts an LSEG C tool (e.g. "rsslProvPerf") in its own folder holding LSEG's data files and our 350k.xml.</summary>
    public PeerProcess StartLsegC(string name, string tool, params string[] arguments)
    {
        string program = Peers.CTool(tool);
        string folder = NewFolder(name, Peers.CDataFiles());
        return Track(PeerProcess.Start(name, folder, program, arguments));
    }

    /// <summary>Starts an LSEG C# tool (e.g. "TransportPerf") with dotnet; HOME is its folder, where it writes its statistics.</summary>
    public PeerProcess StartLsegCSharp(string name, string tool, params string[] arguments)
    {
        string assembly = Peers.CSharpTool(tool);
        string folder = NewFolder(name, Peers.CDataFiles());
        return Track(PeerProcess.Start(name, folder, OurTools.DotnetHost, [assembly, .. arguments],
            new Dictionary<string, string> { ["HOME"] = folder }));
    }

    /// <summary>Starts one of our tools (e.g. "ProvPerf") with dotnet, in its own folder holding the data files of its build output.</summary>
    public PeerProcess StartOurs(string name, string tool, params string[] arguments)
    {
        string output = OurTools.Folder(tool);
        string[] data = [.. new[] { "RDMFieldDictionary", "enumtype.def", "MsgData.xml" }
            .Select(f => Path.Combine(output, f)).Where(File.Exists)];
        string folder = NewFolder(name, data);
        return Track(PeerProcess.Start(name, folder, OurTools.DotnetHost, [OurTools.Dll(tool), .. arguments]));
    }

    /// <summary>How long the case has run, for the report line.</summary>
    public TimeSpan Elapsed => _clock.Elapsed;

    private PeerProcess Track(PeerProcess process)
    {
        lock (_processes)
            _processes.Add(process);
        return process;
    }

    private string NewFolder(string name, IEnumerable<string> dataFiles)
    {
        string folder = Path.Combine(Folder, name);
        Directory.CreateDirectory(folder);
        foreach (string file in dataFiles)
            File.CreateSymbolicLink(Path.Combine(folder, Path.GetFileName(file)), file);
        // Every tool's default item list: the one our build generates (LSEG's format).
        File.CreateSymbolicLink(Path.Combine(folder, "350k.xml"), Path.Combine(OurTools.Folder("ConsPerf"), "350k.xml"));
        return folder;
    }

    public async ValueTask DisposeAsync()
    {
        PeerProcess[] all;
        lock (_processes)
            all = [.. _processes];
        foreach (PeerProcess process in all)
            await process.DisposeAsync();
        TestContext.Current.SendDiagnosticMessage($"interop {Name}: {_clock.Elapsed.TotalSeconds:F1} s");
        if (Environment.GetEnvironmentVariable("ETA_INTEROP_KEEP") != "1")
        {
            try
            {
                Directory.Delete(Folder, recursive: true);
            }
            catch (IOException)
            {
                // a file still held open: the temporary folder is left for the system to clear
            }
        }
    }
}
