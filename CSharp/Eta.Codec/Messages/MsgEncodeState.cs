namespace Eta.Codec;

/// <summary>
/// Where a single-pass message encoding stands between <see cref="MsgEncoder.EncodeInit"/> and
/// <see cref="MsgEncoder.EncodeComplete"/>: the back-fill slots still open in the caller's buffer.
/// A plain value the caller keeps on its stack; reuse it for the next message.
/// </summary>
public struct MsgEncodeState
{
    internal int Start;
    internal LengthSlot HeaderSlot;
    internal LengthSlot KeySlot;
    internal LengthSlot AttribSlot;
    internal Stage Next;

    /// <summary>Where the message starts in the writer's buffer (for in-place patches, see <see cref="MsgPatch"/>).</summary>
    public readonly int MessageStart => Start;

    /// <summary>True while the caller is expected to encode the key attribute in place.</summary>
    public readonly bool AwaitingKeyAttrib => Next == Stage.KeyAttrib;

    /// <summary>True while the caller is expected to encode the payload in place.</summary>
    public readonly bool AwaitingPayload => Next == Stage.Payload;

    internal enum Stage : byte
    {
        None,
        KeyAttrib,
        Payload,
    }
}
