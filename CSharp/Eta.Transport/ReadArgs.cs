namespace Eta.Transport;

/// <summary>Byte counts of one <see cref="Channel.Read(ReadArgs, out TransportBuffer?)"/> call. Reuse one instance.</summary>
public sealed class ReadArgs
{
    /// <summary>Bytes taken from the network by this call (compressed, with RIPC headers).</summary>
    public int BytesRead { get; internal set; }

    /// <summary>Bytes of RIPC frames processed by this call, after decompression, with headers.</summary>
    public int UncompressedBytesRead { get; internal set; }

    internal void Clear()
    {
        BytesRead = 0;
        UncompressedBytesRead = 0;
    }
}
