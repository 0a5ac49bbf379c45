namespace PerfTools.ConsPerf.Run;

/// <summary>Why a consumer thread stopped on its own (a stop requested by the main thread is not a ThreadEnd).</summary>
public sealed record ThreadEnd(RunOutcomeKind Kind, string Reason);
