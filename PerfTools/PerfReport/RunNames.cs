using PerfTools.PerfReport.Input;

namespace PerfTools.PerfReport;

/// <summary>Legend names for runs: the folder's name, widened with its parents while two runs would share one.</summary>
internal static class RunNames
{
    public static List<RunFolder> MakeDistinct(List<RunFolder> runs)
    {
        for (int depth = 1; depth < 16; depth++)
        {
            string[] names = runs.Select(r => Tail(r.Path, depth)).ToArray();
            if (names.Distinct(StringComparer.Ordinal).Count() == names.Length || depth == 15)
                return runs.Select((r, i) => r.WithName(names[i])).ToList();
        }
        return runs;
    }

    private static string Tail(string path, int parts)
    {
        string[] all = path.TrimEnd(Path.DirectorySeparatorChar).Split(Path.DirectorySeparatorChar, StringSplitOptions.RemoveEmptyEntries);
        return string.Join('/', all.Skip(Math.Max(0, all.Length - parts)));
    }
}
