using Eta.Codec;

namespace Eta.ValueAdd;

/// <summary>Something the reactor encodes into a transport buffer it gets itself (RDM objects, a <see cref="Msg"/>).</summary>
internal interface IRdmEncodable
{
    CodecReturnCode Encode(ref RwfEncoder encoder);

    /// <summary>A first guess at the encoded size; the reactor doubles it while the encoder says BufferTooSmall.</summary>
    int SizeHint { get; }
}
