using Eta.Codec;
using Eta.Codec.Rdm;

namespace PerfTools.ConsPerf.Protocol;

/// <summary>
/// Follows the source directory stream for the configured service: learns its id from the info filter, then
/// reports it ready once its state is up and it accepts requests (Appendix A.1: "The consumer will wait until the
/// service is available and accepting requests").
/// </summary>
internal sealed class ServiceWatch
{
    private readonly string _serviceName;
    private int _serviceId = -1;
    private bool _up;
    private bool _accepting = true;

    public ServiceWatch(string serviceName) => _serviceName = serviceName;

    /// <summary>Reads a directory refresh; returns false when it is malformed.</summary>
    public bool Read(scoped in Msg msg)
    {
        var refresh = new DirectoryRefresh();
        if (refresh.Decode(msg) != CodecReturnCode.SUCCESS)
            return false;
        foreach (Service service in refresh.Services)
        {
            if (service.Info is { } info && info.ServiceName == _serviceName)
                _serviceId = service.ServiceId;
            if (service.ServiceId != _serviceId)
                continue;
            if (service.State is { } state)
            {
                _up = state.State == ServiceStates.Up;
                _accepting = (state.AcceptingRequests ?? 1) != 0;
            }
            if (service.Action == MapEntryActions.DELETE)
                _up = false;
        }
        return true;
    }

    /// <summary>The service id once the service is known, up and accepting requests.</summary>
    public bool TryGetReadyService(out int serviceId)
    {
        serviceId = _serviceId;
        return _serviceId >= 0 && _up && _accepting;
    }
}
