namespace PerfTools.TransportPerf.Network;

/// <summary>The transport could not be set up as configured (bind failed, bad certificate...): ends the run cleanly.</summary>
internal sealed class TransportSetupException(string message, Exception? inner = null) : Exception(message, inner);
