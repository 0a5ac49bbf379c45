namespace PerfTools.ConsPerf.Run;

/// <summary>A run that cannot start: a missing or broken input file. The message names the file and problem.</summary>
public sealed class SetupException(string message, Exception? inner = null) : Exception(message, inner);
