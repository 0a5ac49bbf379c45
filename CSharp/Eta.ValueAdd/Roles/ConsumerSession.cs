using Eta.Codec;
using Eta.Codec.Rdm;

namespace Eta.ValueAdd;

/// <summary>
/// The consumer's handshake, in LSEG's order: login request; on an open/ok login refresh the directory request; on
/// the directory (refresh or update) the two dictionary requests to the first service providing RWFFld and RWFEnum
/// (streaming, normal verbosity, streams 3 and 4) when downloading; when both dictionaries are complete, closes for
/// both streams; then ChannelReady. Each admin message is also handed to the application's callbacks first.
/// </summary>
internal sealed class ConsumerSession : RoleSession
{
    private enum Step { Login, Directory, Dictionary, Ready }

    private readonly ConsumerRole _role;
    private readonly DictionaryDownload _download = new(ConsumerRole.FieldDictionaryStreamId, ConsumerRole.EnumDictionaryStreamId);
    private Step _step;
    private bool _downloaded;

    public ConsumerSession(ConsumerRole role, ReactorChannel channel) : base(channel) => _role = role;

    public override ReactorCallbackReturn OnUp()
    {
        if (_role.LoginRequest is null)
            return BecomeReady();
        _step = Step.Login;
        return Submitted(Channel.Submit(_role.LoginRequest), "login request");
    }

    public override void OnDown()
    {
        _step = Step.Login;
        _download.Abandon();
    }

    public override ReactorCallbackReturn OnMsg(in Msg msg)
    {
        switch (msg.DomainType)
        {
            case DomainTypes.Login:
                return OnLogin(msg);
            case DomainTypes.Source:
                return OnDirectory(msg);
            case DomainTypes.Dictionary:
                return OnDictionary(msg);
            default:
                IConsumerItemLayer? layer = Channel.ItemLayer;
                return layer is null ? Callbacks.OnDefaultMsg(Channel, msg) : layer.OnItemMsg(Channel, msg);
        }
    }

    private ReactorCallbackReturn OnLogin(in Msg msg)
    {
        Login.Decode(msg);
        if (Login.Type == RdmLoginMsgType.Rtt && _role.LoginRequest?.Attributes.SupportsRoundTripLatency == true)
        {
            // The consumer answers the provider's RTT message with the same ticks (LSEG's reactor does this for the application).
            ReactorCallbackReturn echoed = EchoRtt();
            if (echoed != ReactorCallbackReturn.Success || Channel.Channel is null)
                return echoed;
        }
        ReactorCallbackReturn ret = DeliverLogin(msg);
        if (ret == ReactorCallbackReturn.Failure || _step != Step.Login || Login.Type != RdmLoginMsgType.Refresh || !IsOpenOk(Login.Refresh.State))
            return ret;
        if (_role.DirectoryRequest is null)
            return BecomeReady();
        _step = Step.Directory;
        return Submitted(Channel.Submit(_role.DirectoryRequest), "directory request");
    }

    /// <summary>
    /// A reply that finds no output buffer (a consumer busy sending, e.g. its item requests) is skipped with a
    /// warning rather than costing the connection: the provider's next probe gets its answer.
    /// </summary>
    private ReactorCallbackReturn EchoRtt()
    {
        ReactorReturnCode rc = Channel.Submit(Login.Rtt);
        if (rc is not (ReactorReturnCode.NoBuffers or ReactorReturnCode.WriteCallAgain))
            return Submitted(rc, "login RTT reply");
        Channel.Fail(rc, "Login RTT reply skipped: no output buffer free");
        return Channel.RaiseEvent(ReactorChannelEventType.Warning);
    }

    private ReactorCallbackReturn OnDirectory(in Msg msg)
    {
        Directory.Decode(msg);
        Channel.ItemLayer?.OnDirectoryMsg(Channel, msg, Directory);
        ReactorCallbackReturn ret = DeliverDirectory(msg);
        if (ret == ReactorCallbackReturn.Failure || _step != Step.Directory)
            return ret;
        if (Directory.Type is not (RdmDirectoryMsgType.Refresh or RdmDirectoryMsgType.Update))
            return ret;
        if (_role.DictionaryDownload == DictionaryDownloadMode.None || _downloaded)
            return BecomeReady();
        List<Service> services = Directory.Type == RdmDirectoryMsgType.Refresh ? Directory.Refresh.Services : Directory.Update.Services;
        Service? source = services.Find(ProvidesDictionaries);
        if (source is null)
            return ret; // wait for a service that provides them
        _download.Start(source.ServiceId);
        _step = Step.Dictionary;
        ReactorCallbackReturn sent = Submitted(Channel.Submit(_download.FieldRequest), "field dictionary request");
        return sent != ReactorCallbackReturn.Success || Channel.Channel is null
            ? sent
            : Submitted(Channel.Submit(_download.EnumRequest), "enum type dictionary request");
    }

    private static bool ProvidesDictionaries(Service service) =>
        service.Info is { } info && info.DictionariesProvided.Contains(DictionaryNames.Field)
        && info.DictionariesProvided.Contains(DictionaryNames.EnumType)
        && (service.State is null || service.State.IsUp);

    private ReactorCallbackReturn OnDictionary(in Msg msg)
    {
        DictionaryEvent.Decode(msg);
        bool ours = _step == Step.Dictionary && _download.IsPart(msg);
        if (ours && !_download.Load(msg, out string? error))
            return Channel.Lose(error!) ? ReactorCallbackReturn.Success : ReactorCallbackReturn.Failure;
        ReactorCallbackReturn ret = DeliverDictionary(msg);
        if (ret == ReactorCallbackReturn.Failure || !ours || _download.Completed is not { } dictionary || Channel.Channel is null)
            return ret;
        Channel.Dictionary = dictionary;
        _download.Abandon();
        _downloaded = true;
        ReactorCallbackReturn closed = Submitted(Channel.SubmitAdminClose(DomainTypes.Dictionary, ConsumerRole.FieldDictionaryStreamId), "field dictionary close");
        if (closed == ReactorCallbackReturn.Success && Channel.Channel is not null)
            closed = Submitted(Channel.SubmitAdminClose(DomainTypes.Dictionary, ConsumerRole.EnumDictionaryStreamId), "enum type dictionary close");
        return closed != ReactorCallbackReturn.Success || Channel.Channel is null ? closed : BecomeReady();
    }

    private ReactorCallbackReturn BecomeReady()
    {
        _step = Step.Ready;
        return Channel.RaiseReady();
    }
}
