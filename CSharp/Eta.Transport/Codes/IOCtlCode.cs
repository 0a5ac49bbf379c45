namespace Eta.Transport;

/// <summary>Runtime settings changed through <see cref="Channel.IOCtl(IOCtlCode, int)"/> and <see cref="Server.IOCtl"/>; LSEG's values.</summary>
public enum IOCtlCode
{
    /// <summary>Most output buffers a channel may hold (guaranteed plus borrowed from the server pool).</summary>
    MaxNumBuffers = 1,
    /// <summary>Number of guaranteed output buffers of a channel.</summary>
    NumGuaranteedBuffers = 2,
    /// <summary>Queued bytes that trigger a flush from Write (default 6144).</summary>
    HighWaterMark = 3,
    /// <summary>TCP receive buffer size.</summary>
    SystemReadBuffers = 4,
    /// <summary>TCP send buffer size.</summary>
    SystemWriteBuffers = 5,
    /// <summary>Priority flush order, a string of H, M and L (default "HMHLHM").</summary>
    PriorityFlushOrder = 7,
    /// <summary>Server: size of the shared output buffer pool.</summary>
    ServerNumPoolBuffers = 8,
    /// <summary>Smallest message (bytes) that is compressed (default 30).</summary>
    CompressionThreshold = 9,
    /// <summary>Server: reset the peak shared pool usage statistic.</summary>
    ServerPeakBufferReset = 10,
}
