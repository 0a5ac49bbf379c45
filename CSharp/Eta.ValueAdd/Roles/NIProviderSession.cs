using Eta.Codec;
using Eta.Codec.Rdm;

namespace Eta.ValueAdd;

/// <summary>
/// A non-interactive provider's handshake: login request; on an open/ok login refresh the source directory refresh;
/// then, when downloading and the ADH offers it, the two dictionary requests and a close for each stream whose
/// dictionary is complete; then ChannelReady.
/// </summary>
internal sealed class NIProviderSession : RoleSession
{
    private readonly NIProviderRole _role;
    private readonly DictionaryDownload _download = new(NIProviderRole.FieldDictionaryStreamId, NIProviderRole.EnumDictionaryStreamId);
    private bool _awaitingLogin, _fieldClosed, _enumClosed;

    public NIProviderSession(NIProviderRole role, ReactorChannel channel) : base(channel) => _role = role;

    public override ReactorCallbackReturn OnUp()
    {
        if (_role.LoginRequest is null)
            return PublishDirectory(downloadOffered: false);
        _awaitingLogin = true;
        return Submitted(Channel.Submit(_role.LoginRequest), "login request");
    }

    public override void OnDown()
    {
        _awaitingLogin = false;
        _download.Abandon();
    }

    public override ReactorCallbackReturn OnMsg(in Msg msg)
    {
        if (msg.DomainType == DomainTypes.Dictionary && _download.IsPart(msg))
            return OnDictionaryPart(msg);
        if (msg.DomainType == DomainTypes.Dictionary && RefusesDownload(msg))
            return OnDownloadRefused(msg);
        ReactorCallbackReturn ret = DeliverAny(msg);
        if (ret == ReactorCallbackReturn.Failure || !_awaitingLogin || msg.DomainType != DomainTypes.Login
            || Login.Type != RdmLoginMsgType.Refresh || !IsOpenOk(Login.Refresh.State) || Channel.Channel is null)
            return ret;
        _awaitingLogin = false;
        return PublishDirectory(Login.Refresh.Attributes.SupportProviderDictionaryDownload == 1);
    }

    private ReactorCallbackReturn PublishDirectory(bool downloadOffered)
    {
        if (_role.DirectoryRefresh is { } directory)
        {
            directory.Solicited = false;
            ReactorCallbackReturn sent = Submitted(Channel.Submit(directory), "directory refresh");
            if (sent != ReactorCallbackReturn.Success || Channel.Channel is null)
                return sent;
            // LSEG's role never reports ready when it is told to download and the ADH does not offer it; this one
            // does, without a dictionary (ReactorChannel.Dictionary stays null).
            if (_role.DictionaryDownload == DictionaryDownloadMode.FirstAvailable && downloadOffered && directory.Services.Count > 0)
                return RequestDictionaries(directory);
        }
        return Channel.RaiseReady();
    }

    private ReactorCallbackReturn RequestDictionaries(DirectoryRefresh directory)
    {
        int login = _role.LoginRequest!.StreamId;
        int field = FreeStreamId(NIProviderRole.FieldDictionaryStreamId, login, directory.StreamId, int.MinValue);
        _download.FieldRequest.StreamId = field;
        _download.EnumRequest.StreamId = FreeStreamId(NIProviderRole.EnumDictionaryStreamId, login, directory.StreamId, field);
        _download.Start(directory.Services[0].ServiceId);
        _fieldClosed = _enumClosed = false;
        ReactorCallbackReturn sent = Submitted(Channel.Submit(_download.FieldRequest), "field dictionary request");
        return sent != ReactorCallbackReturn.Success || Channel.Channel is null
            ? sent
            : Submitted(Channel.Submit(_download.EnumRequest), "enum type dictionary request");
    }

    private static int FreeStreamId(int streamId, int taken1, int taken2, int taken3)
    {
        while (streamId == taken1 || streamId == taken2 || streamId == taken3)
            streamId--;
        return streamId;
    }

    /// <summary>A status closing one of the download's streams: the ADH will not send that dictionary.</summary>
    private bool RefusesDownload(in Msg msg) =>
        _download.InProgress && msg.MsgClass == MsgClass.Status && (msg.StatusFlags & StatusMsgFlags.HasState) != 0
        && msg.State.StreamState != StreamStates.Open
        && (msg.StreamId == _download.FieldRequest.StreamId || msg.StreamId == _download.EnumRequest.StreamId);

    /// <summary>
    /// The application gets the status and a warning naming it, then the channel is ready without a dictionary:
    /// waiting would never end (LSEG's role waits).
    /// </summary>
    private ReactorCallbackReturn OnDownloadRefused(in Msg msg)
    {
        string name = msg.StreamId == _download.FieldRequest.StreamId ? DictionaryNames.Field : DictionaryNames.EnumType;
        _download.Abandon();
        ReactorCallbackReturn ret = DeliverAny(msg);
        if (ret == ReactorCallbackReturn.Failure || Channel.Channel is null)
            return ret;
        Channel.Fail(ReactorReturnCode.Failure, $"Dictionary download: the ADH closed the {name} stream (stream state {msg.State.StreamState}, \"{System.Text.Encoding.UTF8.GetString(msg.State.Text)}\"); ready without a dictionary");
        if (Channel.RaiseEvent(ReactorChannelEventType.Warning) == ReactorCallbackReturn.Failure || Channel.Channel is null)
            return ReactorCallbackReturn.Failure;
        return Channel.RaiseReady();
    }

    private ReactorCallbackReturn OnDictionaryPart(in Msg msg)
    {
        DictionaryEvent.Decode(msg);
        if (!_download.Load(msg, out string? error))
            return Channel.Lose(error!) ? ReactorCallbackReturn.Success : ReactorCallbackReturn.Failure;
        ReactorCallbackReturn ret = DeliverDictionary(msg);
        if (ret == ReactorCallbackReturn.Failure || Channel.Channel is null)
            return ret;
        // Each stream is closed as soon as its dictionary is complete, as LSEG's role does.
        if (_download.FieldComplete && !_fieldClosed)
        {
            _fieldClosed = true;
            ret = Submitted(Channel.SubmitAdminClose(DomainTypes.Dictionary, _download.FieldRequest.StreamId), "field dictionary close");
        }
        if (ret == ReactorCallbackReturn.Success && Channel.Channel is not null && _download.EnumComplete && !_enumClosed)
        {
            _enumClosed = true;
            ret = Submitted(Channel.SubmitAdminClose(DomainTypes.Dictionary, _download.EnumRequest.StreamId), "enum type dictionary close");
        }
        if (ret != ReactorCallbackReturn.Success || Channel.Channel is null || _download.Completed is not { } dictionary)
            return ret;
        Channel.Dictionary = dictionary;
        _download.Abandon();
        return Channel.RaiseReady();
    }
}
