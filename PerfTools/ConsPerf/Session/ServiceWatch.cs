using Eta.Codec;
using Eta.Codec.Rdm;

namespace PerfTools.ConsPerf.Session;

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

    /// <summary>Reads a directory refresh or update; returns false when it is malformed.</summary>
    public bool Read(scoped in Msg msg)
    {
        List<Service> services;
        if (msg.MsgClass == MsgClass.Update)
        {
            var update = new DirectoryUpdate();
            if (update.Decode(msg) != CodecReturnCode.Success)
                return false;
            services = update.Services;
        }
        else
        {
            var refresh = new DirectoryRefresh();
            if (refresh.Decode(msg) != CodecReturnCode.Success)
                return false;
            services = refresh.Services;
        }
        foreach (Service service in services)
        {
            if (service.Info is { } info && info.ServiceName == _serviceName)
                _serviceId = service.ServiceId;
            if (service.ServiceId != _serviceId)
                continue;
            if (service.State is { } state)
            {
                _up = state.IsUp;
                _accepting = (state.AcceptingRequests ?? 1) != 0;
            }
            if (service.Action == MapEntryActions.Delete)
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
