namespace Eta.Transport;

/// <summary>Input and byte counts of one <see cref="Channel.Write(TransportBuffer, WriteArgs)"/> call. Reuse one instance.</summary>
public sealed class WriteArgs
{
    public WritePriority Priority { get; set; } = WritePriority.High;

    public WriteFlags Flags { get; set; }

    /// <summary>
    /// Bytes this buffer adds to the wire (compressed, with RIPC headers). A fragmented message written over several
    /// calls (<see cref="TransportReturnCode.WriteCallAgain"/>) counts its fragments so far in each call, so the last
    /// call's count is the whole message's.
    /// </summary>
    public int BytesWritten { get; internal set; }

    /// <summary>Bytes of this buffer before compression, with RIPC headers.</summary>
    public int UncompressedBytesWritten { get; internal set; }
}
