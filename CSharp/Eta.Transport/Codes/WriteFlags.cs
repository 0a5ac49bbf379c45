namespace Eta.Transport;

/// <summary>Options of a single write, LSEG's values.</summary>
[Flags]
public enum WriteFlags
{
    None = 0x00,
    /// <summary>Send this buffer uncompressed even when the channel compresses.</summary>
    DoNotCompress = 0x01,
    /// <summary>Write straight to the socket when nothing is queued, bypassing the output queues.</summary>
    DirectSocketWrite = 0x02,
}
