namespace PerfTools.ConsPerf.Options;

/// <summary>The <c>-connType</c> values ConsPerf supports (Table 2).</summary>
public enum ConnectionKind
{
    Socket,
    Encrypted,
}
