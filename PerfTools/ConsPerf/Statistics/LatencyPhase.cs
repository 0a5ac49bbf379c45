namespace PerfTools.ConsPerf.Statistics;

/// <summary>Which part of the run a latency sample falls in (§4.2.1).</summary>
public enum LatencyPhase
{
    /// <summary>Before every item had its image.</summary>
    Startup,

    /// <summary>After the last image but within -delaySteadyStateCalc: counted in the overall figures only.</summary>
    SteadyStateDelay,

    /// <summary>Steady state proper.</summary>
    SteadyState,
}
