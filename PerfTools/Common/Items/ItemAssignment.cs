
namespace PerfTools.Common.Items;

/// <summary>
/// Divides the item list among consumer threads (§4.2). The first <c>-commonItemCount</c> items are requested by every
/// thread; the remaining <c>itemCount - commonItemCount</c> items are split into consecutive unique slices, the first
/// threads taking one extra item each when the division leaves a remainder. Every item of the first
/// <c>-itemCount</c> is therefore requested by at least one thread.
/// </summary>
public static class ItemAssignment
{
    /// <summary>The items thread <paramref name="threadIndex"/> (0-based) requests: its common items, then its unique slice.</summary>
    public static ItemSpec[] ForThread(ItemList items, int itemCount, int commonItemCount, int threadCount, int threadIndex)
    {
        ArgumentOutOfRangeException.ThrowIfGreaterThan(itemCount, items.Count);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(commonItemCount, itemCount);
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(threadCount);
        ArgumentOutOfRangeException.ThrowIfGreaterThanOrEqual(threadIndex, threadCount);

        int uniqueTotal = itemCount - commonItemCount;
        int share = uniqueTotal / threadCount;
        int remainder = uniqueTotal % threadCount;
        int uniqueCount = share + (threadIndex < remainder ? 1 : 0);
        int uniqueStart = commonItemCount + share * threadIndex + Math.Min(threadIndex, remainder);

        var assigned = new ItemSpec[commonItemCount + uniqueCount];
        for (int i = 0; i < commonItemCount; i++)
            assigned[i] = items[i];
        for (int i = 0; i < uniqueCount; i++)
            assigned[commonItemCount + i] = items[uniqueStart + i];
        return assigned;
    }
}
