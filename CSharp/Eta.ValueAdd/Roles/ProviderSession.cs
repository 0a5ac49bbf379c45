using Eta.Codec;
using Eta.Codec.Rdm;

namespace Eta.ValueAdd;

/// <summary>
/// An interactive provider's channel: ready as soon as it is up; hands every request to the callbacks, then (with
/// <see cref="ProviderRole.AnswerAdminRequests"/>) answers login, directory and dictionary requests itself.
/// </summary>
internal sealed class ProviderSession : RoleSession
{
    private readonly ProviderRole _role;
    private readonly LoginRefresh _loginRefresh = new();
    private readonly DirectoryRefresh _directoryRefresh = new();
    private readonly AdminStatus _status = new();
    private DictionaryParts? _parts;

    public ProviderSession(ProviderRole role, ReactorChannel channel) : base(channel) => _role = role;

    public override ReactorCallbackReturn OnUp() => Channel.RaiseReady();

    public override ReactorCallbackReturn OnMsg(in Msg msg)
    {
        ReactorCallbackReturn ret = DeliverAny(msg);
        if (ret == ReactorCallbackReturn.Failure || !_role.AnswerAdminRequests || msg.MsgClass != MsgClass.Request || Channel.Channel is null)
            return ret;
        return msg.DomainType switch
        {
            DomainTypes.Login when Login.Type == RdmLoginMsgType.Request => AnswerLogin(),
            DomainTypes.Source when Directory.Type == RdmDirectoryMsgType.Request => AnswerDirectory(),
            DomainTypes.Dictionary when DictionaryEvent.Type == RdmDictionaryMsgType.Request => AnswerDictionary(),
            _ => ret,
        };
    }

    private ReactorCallbackReturn AnswerLogin()
    {
        LoginRequest request = Login.Request;
        LoginRefresh template = _role.LoginRefresh;
        _loginRefresh.StreamId = request.StreamId;
        _loginRefresh.UserName = request.UserName;
        _loginRefresh.UserNameType = request.UserNameType;
        _loginRefresh.State = template.State;
        _loginRefresh.Solicited = true;
        _loginRefresh.Attributes.Clear();
        foreach (LoginElement element in Enum.GetValues<LoginElement>())
        {
            if (template.Attributes.Text(element) is { } text)
                _loginRefresh.Attributes.SetText(element, text);
            else if (template.Attributes.Number(element) is { } number)
                _loginRefresh.Attributes.SetNumber(element, number);
        }
        return Submitted(Channel.Submit(_loginRefresh), "login refresh");
    }

    private ReactorCallbackReturn AnswerDirectory()
    {
        DirectoryRequest request = Directory.Request;
        _directoryRefresh.StreamId = request.StreamId;
        _directoryRefresh.Filter = request.Filter;
        _directoryRefresh.ServiceId = request.ServiceId;
        _directoryRefresh.Solicited = true;
        _directoryRefresh.Services.Clear();
        foreach (Service service in _role.Services)
        {
            if (request.ServiceId is not { } only || only == service.ServiceId)
                _directoryRefresh.Services.Add(service);
        }
        return Submitted(Channel.Submit(_directoryRefresh), "directory refresh");
    }

    private ReactorCallbackReturn AnswerDictionary()
    {
        DictionaryRequest request = DictionaryEvent.Request;
        bool field = request.DictionaryName == DictionaryNames.Field;
        if (_role.Dictionary is null || (!field && request.DictionaryName != DictionaryNames.EnumType))
        {
            _status.DomainType = DomainTypes.Dictionary;
            _status.StreamId = request.StreamId;
            _status.State = new RdmState(StreamStates.Closed, DataStates.Suspect, StateCodes.NotFound,
                $"Dictionary {request.DictionaryName} is not provided");
            return Submitted(Channel.Submit(_status), "dictionary status");
        }
        _parts ??= new DictionaryParts();
        ReactorReturnCode rc = _parts.Send(Channel, _role.Dictionary, request, field);
        return Submitted(rc, "dictionary refresh");
    }
}
