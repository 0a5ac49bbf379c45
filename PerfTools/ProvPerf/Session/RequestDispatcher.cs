using Eta.Codec;
using Eta.Codec.Rdm;
using PerfTools.ProvPerf.Options;
using PerfTools.ProvPerf.Threads;

namespace PerfTools.ProvPerf.Session;

/// <summary>Decodes each message a consumer sends and hands it to the handler of its domain.</summary>
internal sealed class RequestDispatcher
{
    private readonly LoginHandler _login;
    private readonly DirectoryHandler _directory;
    private readonly DictionaryHandler _dictionary;
    private readonly ItemRequestHandler _items;

    public RequestDispatcher(ProvPerfOptions options, DataDictionary dictionary, ProviderThreadStats stats)
    {
        _login = new LoginHandler(stats);
        _directory = new DirectoryHandler(options);
        _dictionary = new DictionaryHandler(dictionary);
        _items = new ItemRequestHandler(options.ServiceId, options.OpenLimit, stats);
    }

    /// <summary>Handles one received message; false with <paramref name="problem"/> when the channel must close.</summary>
    public bool Dispatch(ProviderSession session, ReadOnlySpan<byte> message, out string? problem)
    {
        CodecReturnCode rc = MsgDecoder.Decode(message, out Msg msg);
        if (rc != CodecReturnCode.Success)
        {
            problem = $"a message from the consumer does not decode ({rc})";
            return false;
        }
        problem = null;
        return msg.DomainType switch
        {
            DomainTypes.Login => _login.Handle(session, msg, out problem),
            DomainTypes.Source => _directory.Handle(session, msg) || Failed(out problem),
            DomainTypes.Dictionary => _dictionary.Handle(session, msg) || Failed(out problem),
            _ => _items.Handle(session, msg) || Failed(out problem),
        };
    }

    /// <summary>Sends the login RTT message when due; false when the channel failed.</summary>
    public bool SendRoundTripIfDue(ProviderSession session, long now) => _login.SendRoundTripIfDue(session, now);

    private static bool Failed(out string? problem)
    {
        problem = "write failed";
        return false;
    }
}
