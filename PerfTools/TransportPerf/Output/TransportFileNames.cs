namespace PerfTools.TransportPerf.Output;

/// <summary>
/// TransportPerf's output file names carry the process id (guide §7.8.1 sample: <c>TransportSummary_24806.out</c>
/// beside "Process ID: 24806"), so that a server and a client started from one folder (guide ch. 8) write
/// separate files instead of interleaving rows in one.
/// </summary>
public static class TransportFileNames
{
    /// <summary>The default <c>-summaryFile</c>: <c>TransportSummary_&lt;pid&gt;.out</c>. A name given on the command line is used as is.</summary>
    public static string DefaultSummary(int processId) => $"TransportSummary_{processId}.out";

    /// <summary>A per-thread statistics or latency file: <c>&lt;base&gt;&lt;thread&gt;_&lt;pid&gt;.csv</c> (e.g. <c>TransportStats1_24806.csv</c>).</summary>
    public static string ForThread(string baseName, int threadNumber, int processId)
    {
        string extension = Path.GetExtension(baseName);
        string stem = extension.Length == 0 ? baseName : baseName[..^extension.Length];
        return $"{stem}{threadNumber}_{processId}{(extension.Length == 0 ? ".csv" : extension)}";
    }
}
