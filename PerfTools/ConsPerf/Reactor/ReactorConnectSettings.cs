using Eta.Codec.Rdm;
using Eta.Transport;
using Eta.ValueAdd;
using PerfTools.ConsPerf.Options;

namespace PerfTools.ConsPerf.Reactor;

/// <summary>What the reactor needs from ConsPerf's options: where and how to connect, and the consumer role's requests.</summary>
internal static class ReactorConnectSettings
{
    // Until the first connection, retry every second as direct mode does; a loss after that ends the run.
    private const int RetryDelayMs = 1000;
    public static readonly TimeSpan RetryDelay = TimeSpan.FromMilliseconds(RetryDelayMs);

    public static ReactorConnectOptions Connect(ConsPerfOptions o) => new()
    {
        Connect = o.ToConnectOptions(),
        ReconnectAttemptLimit = -1,
        ReconnectMinDelayMs = RetryDelayMs,
        ReconnectMaxDelayMs = RetryDelayMs,
    };

    /// <summary>The same login and directory requests as direct mode (§4.1), sent by the reactor; the dictionary is the one loaded from files.</summary>
    public static ConsumerRole Role(IReactorCallbacks callbacks, ConsPerfOptions o, Eta.Codec.DataDictionary dictionary)
    {
        var login = new LoginRequest { StreamId = LoginStreamId, UserName = o.LoginUserName };
        login.Attributes.ApplicationName = "ConsPerf";
        login.Attributes.Role = LoginRoles.Consumer;
        login.Attributes.SupportsRoundTripLatency = true;
        return new ConsumerRole(callbacks)
        {
            LoginRequest = login,
            DirectoryRequest = new DirectoryRequest { StreamId = DirectoryStreamId },
            Dictionary = dictionary,
            DictionaryDownload = DictionaryDownloadMode.None,
        };
    }

    public const int LoginStreamId = 1;
    public const int DirectoryStreamId = 2;
}
