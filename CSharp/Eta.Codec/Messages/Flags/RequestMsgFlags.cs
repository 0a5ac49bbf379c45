namespace Eta.Codec;

/// <summary>Request message flags (RSSL_RQMF_*), written as a u15rb.</summary>
[Flags]
public enum RequestMsgFlags : ushort
{
    None = 0,
    HasExtendedHeader = 0x0001,
    HasPriority = 0x0002,
    Streaming = 0x0004,
    MsgKeyInUpdates = 0x0008,
    ConfInfoInUpdates = 0x0010,
    NoRefresh = 0x0020,
    HasQos = 0x0040,
    HasWorstQos = 0x0080,
    PrivateStream = 0x0100,
    Pause = 0x0200,
    HasView = 0x0400,
    HasBatch = 0x0800,
    QualifiedStream = 0x1000,
}
