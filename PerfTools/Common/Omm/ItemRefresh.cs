namespace PerfTools.Common.Omm;

/// <summary>What a refresh answers: the item's stream, its key as requested, and how it was requested.</summary>
public readonly ref struct ItemRefresh
{
    public ItemRefresh(int streamId, ReadOnlySpan<byte> name, int serviceId, byte nameType, bool streaming, bool solicited)
    {
        StreamId = streamId;
        Name = name;
        ServiceId = serviceId;
        NameType = nameType;
        Streaming = streaming;
        Solicited = solicited;
    }

    public int StreamId { get; }

    /// <summary>The item name from the request's key.</summary>
    public ReadOnlySpan<byte> Name { get; }

    public int ServiceId { get; }

    /// <summary>The request key's name type; 0 when the request had none.</summary>
    public byte NameType { get; }

    /// <summary>Streaming request (stream state OPEN) or snapshot (NON_STREAMING).</summary>
    public bool Streaming { get; }

    /// <summary>Answer to a request (SOLICITED and CLEAR_CACHE set).</summary>
    public bool Solicited { get; }
}
