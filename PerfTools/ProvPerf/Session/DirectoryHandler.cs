using Eta.Codec;
using Eta.Codec.Rdm;
using PerfTools.Common.Omm;
using PerfTools.ProvPerf.Options;

namespace PerfTools.ProvPerf.Session;

/// <summary>
/// The source directory stream: answers a directory request with the one provided service (name, id, state,
/// QoS, capabilities, dictionaries, open limit), limited to the filters the consumer asked for.
/// </summary>
internal sealed class DirectoryHandler
{
    private const int MaxDirectoryMessage = 2048;

    private readonly DirectoryRequest _request = new();
    private readonly DirectoryRefresh _refresh = new();

    public DirectoryHandler(ProvPerfOptions options) =>
        _refresh.Services.Add(ProvidedService.Create(options.ServiceName, options.ServiceId, options.OpenLimit));

    /// <summary>False only when the channel failed.</summary>
    public bool Handle(ProviderSession session, scoped in Msg msg)
    {
        switch (msg.MsgClass)
        {
            case MsgClass.Request:
                if (_request.Decode(msg) != CodecReturnCode.Success)
                    return StatusWriter.SendClose(session.Sink, DomainTypes.Source, msg.StreamId, StreamStates.Closed,
                        StateCodes.UsageError, "Malformed source directory request");
                session.Console.WriteLine("Received Source Directory Request");
                session.DirectoryStreamId = msg.StreamId;
                return SendRefresh(session);
            case MsgClass.Close:
                session.Console.WriteLine("Received Source Directory Close");
                session.DirectoryStreamId = 0;
                return true;
            default:
                return true;
        }
    }

    private bool SendRefresh(ProviderSession session)
    {
        _refresh.StreamId = _request.StreamId;
        _refresh.Filter = _request.Filter;
        _refresh.ServiceId = _request.ServiceId;
        _refresh.State = _request.Streaming
            ? RdmState.OpenOk("Source Directory Refresh Completed")
            : new RdmState(StreamStates.NonStreaming, DataStates.Ok, StateCodes.None, "Source Directory Refresh Completed");
        Span<byte> space = session.Sink.Reserve(MaxDirectoryMessage);
        if (space.IsEmpty)
            return true;
        var encoder = new RwfEncoder(space);
        if (_refresh.Encode(ref encoder) != CodecReturnCode.Success)
        {
            session.Sink.Cancel();
            return true;
        }
        return session.Sink.Send(encoder.Position);
    }
}
