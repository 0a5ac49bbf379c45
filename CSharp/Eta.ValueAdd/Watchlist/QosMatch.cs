using Eta.Codec;

namespace Eta.ValueAdd.Watchlist;

/// <summary>
/// QoS comparisons as LSEG's codec defines them: equality ignores the dynamic flag; "better" ranks timeliness
/// first (Realtime, then Delayed by its delay, then DelayedUnknown) and rate second (TickByTick, then TimeConflated by
/// its interval, then JitConflated); Unspecified ranks below every value, or above them as the best end of a range.
/// </summary>
internal static class QosMatch
{
    private const int WorstRank = 65535 * 2 + 3;
    private const int BestRank = -1;

    /// <summary>Realtime, TickByTick: what a service with no QoS list provides, and what a request without QoS gets there.</summary>
    public static readonly Qos Default = new(QosTimeliness.Realtime, QosRates.TickByTick);

    public static bool Same(Qos a, Qos b) =>
        a.Rate == b.Rate && a.Timeliness == b.Timeliness && a.RateInfo == b.RateInfo && a.TimeInfo == b.TimeInfo;

    public static bool IsBetter(Qos candidate, Qos than) =>
        TimeRank(candidate, WorstRank) < TimeRank(than, WorstRank)
        || (TimeRank(candidate, WorstRank) == TimeRank(than, WorstRank) && RateRank(candidate, WorstRank) < RateRank(than, WorstRank));

    public static bool IsInRange(Qos qos, Qos best, Qos worst)
    {
        if (best.Rate == QosRates.Unspecified && best.Timeliness == QosTimeliness.Unspecified
            && worst.Rate == QosRates.Unspecified && worst.Timeliness == QosTimeliness.Unspecified)
            return true;
        if (Same(best, worst))
            return Same(best, qos);
        if (qos.Rate == QosRates.Unspecified && (best.Rate != QosRates.Unspecified || worst.Rate != QosRates.Unspecified))
            return false;
        if (qos.Timeliness == QosTimeliness.Unspecified
            && (best.Timeliness != QosTimeliness.Unspecified || worst.Timeliness != QosTimeliness.Unspecified))
            return false;
        int rate = RateRank(qos, BestRank), time = TimeRank(qos, BestRank);
        return RateRank(best, BestRank) <= rate && rate <= RateRank(worst, WorstRank)
            && TimeRank(best, BestRank) <= time && time <= TimeRank(worst, WorstRank);
    }

    /// <summary>
    /// The QoS a request gets from a service: the request's own when the service lists it (or, with a worst QoS, the
    /// best listed one in range); the service's best when the request names none.
    /// </summary>
    public static bool TryMatch(IReadOnlyList<Qos> offered, bool hasQos, Qos qos, bool hasWorstQos, Qos worstQos, out Qos matched)
    {
        matched = Qos.Blank;
        if (!hasQos)
        {
            matched = offered.Count == 0 ? Default : Best(offered);
            return true;
        }
        if (offered.Count == 0)
        {
            bool ok = hasWorstQos ? IsInRange(Default, qos, worstQos) : Same(Default, qos);
            if (ok)
                matched = WithDynamic(Default, qos.IsDynamic);
            return ok;
        }
        bool found = false;
        for (int i = 0; i < offered.Count; i++)
        {
            Qos candidate = offered[i];
            if (!hasWorstQos)
            {
                if (Same(candidate, qos))
                {
                    matched = candidate;
                    found = true;
                    break;
                }
            }
            else if (IsInRange(candidate, qos, worstQos) && (!found || IsBetter(candidate, matched)))
            {
                matched = candidate;
                found = true;
            }
        }
        if (found)
            matched = WithDynamic(matched, qos.IsDynamic);
        return found;
    }

    private static Qos Best(IReadOnlyList<Qos> offered)
    {
        Qos best = offered[0];
        for (int i = 1; i < offered.Count; i++)
        {
            if (IsBetter(offered[i], best))
                best = offered[i];
        }
        return best;
    }

    private static Qos WithDynamic(Qos qos, bool dynamic) => new(qos.Timeliness, qos.Rate, dynamic, qos.TimeInfo, qos.RateInfo);

    private static int RateRank(Qos qos, int unspecified) => qos.Rate switch
    {
        QosRates.TickByTick => 0,
        QosRates.JitConflated => 65535 * 2,
        QosRates.TimeConflated => qos.RateInfo == 65535 ? 65535 * 2 + 1 : qos.RateInfo * 2 - 1,
        _ => unspecified,
    };

    private static int TimeRank(Qos qos, int unspecified) => qos.Timeliness switch
    {
        QosTimeliness.Realtime => 0,
        QosTimeliness.DelayedUnknown => 65536,
        QosTimeliness.Delayed => qos.TimeInfo,
        _ => unspecified,
    };
}
