namespace PerfTools.Common.Network;

/// <summary>
/// Takes updates straight from tr_json2, without RWF (<see cref="JsonChannelPort.UpdateHandler"/>): LSEG C
/// ConsPerf's default over JSON, which only counts updates and takes their latency fields by name.
/// </summary>
public interface IJsonUpdateHandler
{
    /// <summary>Handles one plain update; false when it is not the handler's (the message is then converted as any other).</summary>
    bool OnJsonUpdate(in JsonUpdateScan update);
}
