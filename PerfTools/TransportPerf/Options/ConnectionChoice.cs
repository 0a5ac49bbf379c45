namespace PerfTools.TransportPerf.Options;

/// <summary>-connType values (mapped onto the transport's ConnectionType by the session classes).</summary>
public enum ConnectionChoice
{
    Socket,
    Encrypted,
}
