namespace Eta.Codec;

/// <summary>The eight OMM message classes; the value is the msgClass byte on the wire (top three bits reserved).</summary>
public enum MsgClass : byte
{
    Request = 1,
    Refresh = 2,
    Status = 3,
    Update = 4,
    Close = 5,
    Ack = 6,
    Generic = 7,
    Post = 8,
}
