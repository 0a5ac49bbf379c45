using Eta.Codec;
using Eta.Codec.Rdm;
using PerfTools.Common.Omm;
using PerfTools.Common.Provider;

namespace PerfTools.NIProvPerf.Session;

/// <summary>
/// Publishes the service once the login is accepted: an unsolicited source directory refresh on stream -1 with
/// filter Info | State | Group and one service (name, id, vendor, IsSource, capabilities Dictionary, System and
/// MarketPrice, dictionaries RWFFld/RWFEnum provided and used, realtime tick-by-tick QoS, no QoS range, no
/// out-of-band snapshots; state Up and accepting requests; no load filter), as LSEG's NIProvPerf publishes it.
/// </summary>
internal sealed class DirectoryPublisher
{
    /// <summary>LSEG's non-interactive providers publish the directory on stream -1.</summary>
    public const int DirectoryStreamId = -1;

    private const int MaxDirectoryMessage = 2048;

    private readonly DirectoryRefresh _refresh;

    public DirectoryPublisher(string serviceName, int serviceId)
    {
        // ProvPerf's service, adjusted to what LSEG's NIProvPerf announces: System capability, no QoS range, no
        // out-of-band snapshots, and no open limit (so no load filter).
        Service service = ProvidedService.Create(serviceName, serviceId, openLimit: 0);
        service.Info!.Capabilities.Insert(1, DomainTypes.System);
        service.Info.SupportsQosRange = 0;
        service.Info.SupportsOutOfBandSnapshots = 0;
        service.Load = null;
        _refresh = new DirectoryRefresh
        {
            StreamId = DirectoryStreamId,
            Filter = ServiceFilterFlags.Info | ServiceFilterFlags.State | ServiceFilterFlags.Group,
            Solicited = false,
            ClearCache = true,
            State = RdmState.OpenOk("Source Directory Refresh Completed"),
        };
        _refresh.Services.Add(service);
    }

    /// <summary>The refresh itself, for the reactor's NI provider role to send (<c>-reactor</c>).</summary>
    public DirectoryRefresh Refresh => _refresh;

    public bool Send(IMessageSink sink, out string? problem) =>
        EncodedSend.Send(sink, MaxDirectoryMessage, _refresh, static (ref RwfEncoder e, DirectoryRefresh r) => r.Encode(ref e),
            "source directory refresh", out problem);
}
