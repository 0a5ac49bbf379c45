namespace PerfTools.TransportPerf.Options;

/// <summary>-appType: which end of the connection this TransportPerf is.</summary>
public enum AppType
{
    Server,
    Client,
}
