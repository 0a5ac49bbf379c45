namespace PerfTools.Common.Provider;

/// <summary>
/// One item a consumer opened on a connection: its key as requested and how it was requested. Where it is in the
/// round-robin over the message data's templates is its <see cref="RotationEntry"/> (<see cref="ItemTable"/>).
/// </summary>
public sealed class ItemStream
{
    public ItemStream(int streamId, ItemKey key, byte[] name, byte nameType, bool streaming)
    {
        StreamId = streamId;
        Key = key;
        Name = name;
        NameType = nameType;
        Streaming = streaming;
    }

    public int StreamId { get; }

    public ItemKey Key { get; }

    /// <summary>The name as requested (bytes, for encoding the refresh's key).</summary>
    public byte[] Name { get; }

    public int ServiceId => Key.ServiceId;

    /// <summary>The request key's name type, 0 when absent.</summary>
    public byte NameType { get; }

    /// <summary>Streaming (gets updates after its refresh) or snapshot (closed after its refresh).</summary>
    public bool Streaming { get; set; }

    /// <summary>Waiting in the refresh queue.</summary>
    public bool RefreshPending { get; set; }

    /// <summary>Position in <see cref="ItemTable"/>'s update rotation, -1 when not in it.</summary>
    public int RotationIndex { get; set; } = -1;
}
