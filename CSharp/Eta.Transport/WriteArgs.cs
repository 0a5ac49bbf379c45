namespace Eta.Transport;

/// <summary>Input and byte counts of one <see cref="Channel.Write(TransportBuffer, WriteArgs)"/> call. Reuse one instance.</summary>
public sealed class WriteArgs
{
    public WritePriority Priority { get; set; } = WritePriority.High;

    public WriteFlags Flags { get; set; }

    /// <summary>Bytes this buffer adds to the wire (compressed, with RIPC headers).</summary>
    public int BytesWritten { get; internal set; }

    /// <summary>Bytes of this buffer before compression, with RIPC headers.</summary>
    public int UncompressedBytesWritten { get; internal set; }
}
