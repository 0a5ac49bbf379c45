namespace PerfTools.PerfReport.Input;

/// <summary>A run folder that cannot be reported on (missing, unreadable, or holding no tool output); the message says which and why.</summary>
internal sealed class ReportInputException(string message) : Exception(message);
