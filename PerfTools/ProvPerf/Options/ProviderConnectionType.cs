namespace PerfTools.ProvPerf.Options;

/// <summary>The <c>-c</c> option: plain TCP or TLS.</summary>
public enum ProviderConnectionType
{
    Socket,
    Encrypted,
}
