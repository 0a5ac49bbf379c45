namespace PerfTools.Common.Threading;

/// <summary>
/// The <c>-threads</c> option: one entry per tool thread, each the CPU id that thread is pinned to
/// (e.g. "1,3" = two threads on cores 1 and 3). <see cref="Unpinned"/> marks a thread the OS may place anywhere.
/// </summary>
public sealed class ThreadCpuList
{
    public const int Unpinned = -1;

    private readonly int[] _cpuIds;

    private ThreadCpuList(int[] cpuIds) => _cpuIds = cpuIds;

    /// <summary>One thread, not pinned: the default when a tool's guide gives no <c>-threads</c> default.</summary>
    public static ThreadCpuList SingleUnpinned { get; } = new([Unpinned]);

    public int Count => _cpuIds.Length;

    public IReadOnlyList<int> CpuIds => _cpuIds;

    public int CpuIdOf(int threadIndex) => _cpuIds[threadIndex];

    /// <summary>Parses "1,3" style lists. CPU ids must be non-negative whole numbers; at most 64 threads.</summary>
    public static bool TryParse(string text, out ThreadCpuList list, out string rule)
    {
        list = SingleUnpinned;
        rule = "must be a comma-separated list of CPU ids, e.g. \"1,3\" (one thread per id)";
        string[] parts = text.Split(',', StringSplitOptions.TrimEntries);
        if (parts.Length is 0 or > 64)
            return false;
        var ids = new int[parts.Length];
        for (int i = 0; i < parts.Length; i++)
        {
            if (!int.TryParse(parts[i], System.Globalization.NumberStyles.None,
                    System.Globalization.CultureInfo.InvariantCulture, out ids[i]))
                return false;
        }
        list = new ThreadCpuList(ids);
        rule = "";
        return true;
    }

    public override string ToString() =>
        string.Join(",", _cpuIds.Select(id => id == Unpinned ? "any" : id.ToString(System.Globalization.CultureInfo.InvariantCulture)));
}
