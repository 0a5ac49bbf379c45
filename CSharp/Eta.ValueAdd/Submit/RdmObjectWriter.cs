using Eta.Codec;
using Eta.Codec.Rdm;

namespace Eta.ValueAdd;

/// <summary>Encodes any of the RDM admin classes the reactor submits; a struct over the object, so nothing is boxed.</summary>
internal readonly struct RdmObjectWriter(object rdm) : IRdmEncodable
{
    public int SizeHint => rdm is DirectoryRefresh or DirectoryUpdate ? 4096 : 512;

    public CodecReturnCode Encode(ref RwfEncoder encoder) => rdm switch
    {
        LoginRequest m => m.Encode(ref encoder),
        LoginRefresh m => m.Encode(ref encoder),
        DirectoryRequest m => m.Encode(ref encoder),
        DirectoryRefresh m => m.Encode(ref encoder),
        DirectoryUpdate m => m.Encode(ref encoder),
        DictionaryRequest m => m.Encode(ref encoder),
        AdminStatus m => m.Encode(ref encoder),
        _ => CodecReturnCode.InvalidArgument,
    };
}

/// <summary>Encodes a login RTT message (a struct).</summary>
internal readonly struct LoginRttWriter(LoginRtt rtt) : IRdmEncodable
{
    public int SizeHint => 128;

    public CodecReturnCode Encode(ref RwfEncoder encoder) => rtt.Encode(ref encoder);
}

/// <summary>Encodes a close on an admin stream.</summary>
internal readonly struct AdminCloseWriter(byte domainType, int streamId) : IRdmEncodable
{
    public int SizeHint => 64;

    public CodecReturnCode Encode(ref RwfEncoder encoder) => AdminClose.Encode(ref encoder, domainType, streamId);
}

/// <summary>Encodes a message whose payload and key attribute, if any, are already encoded (held in its spans).</summary>
internal readonly ref struct MsgWriter(in Msg msg) : IRdmEncodable
{
    private readonly Msg _msg = msg;

    public int SizeHint => 256 + _msg.EncodedDataBody.Length + _msg.Key.Name.Length + _msg.Key.EncodedAttrib.Length
        + _msg.ExtendedHeader.Length + _msg.PermData.Length;

    public CodecReturnCode Encode(ref RwfEncoder encoder) => MsgEncoder.Encode(ref encoder, _msg);
}
