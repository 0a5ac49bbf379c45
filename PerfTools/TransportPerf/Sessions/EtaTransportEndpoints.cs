using PerfTools.TransportPerf.Configuration;

namespace PerfTools.TransportPerf.Sessions;

/// <summary>Server and client endpoints on our RSSL transport (Eta.Transport).</summary>
internal sealed class EtaTransportEndpoints(TransportPerfOptions options) : ITransportEndpoints
{
    private readonly TransportPerfOptions _options = options;

    public IPerfListener Listen() =>
        throw new TransportSetupException($"the RSSL transport is not available in this build (port {_options.Port}).");

    public IPerfChannel? Connect(CancellationToken cancellation, out string? failure)
    {
        failure = "the RSSL transport is not available in this build";
        return null;
    }
}
