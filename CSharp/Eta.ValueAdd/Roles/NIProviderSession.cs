using Eta.Codec;

namespace Eta.ValueAdd;

/// <summary>
/// A non-interactive provider's handshake: login request; on an open/ok login refresh the source directory refresh;
/// then ChannelReady.
/// </summary>
internal sealed class NIProviderSession : RoleSession
{
    private readonly NIProviderRole _role;
    private bool _awaitingLogin;

    public NIProviderSession(NIProviderRole role, ReactorChannel channel) : base(channel) => _role = role;

    public override ReactorCallbackReturn OnUp()
    {
        if (_role.LoginRequest is null)
            return PublishDirectory();
        _awaitingLogin = true;
        return Submitted(Channel.Submit(_role.LoginRequest), "login request");
    }

    public override void OnDown() => _awaitingLogin = false;

    public override ReactorCallbackReturn OnMsg(in Msg msg)
    {
        ReactorCallbackReturn ret = DeliverAny(msg);
        if (ret == ReactorCallbackReturn.Failure || !_awaitingLogin || msg.DomainType != Codec.Rdm.DomainTypes.Login
            || Login.Type != RdmLoginMsgType.Refresh || !IsOpenOk(Login.Refresh.State) || Channel.Channel is null)
            return ret;
        _awaitingLogin = false;
        return PublishDirectory();
    }

    private ReactorCallbackReturn PublishDirectory()
    {
        if (_role.DirectoryRefresh is { } directory)
        {
            directory.Solicited = false;
            ReactorCallbackReturn sent = Submitted(Channel.Submit(directory), "directory refresh");
            if (sent != ReactorCallbackReturn.Success || Channel.Channel is null)
                return sent;
        }
        return Channel.RaiseReady();
    }
}
