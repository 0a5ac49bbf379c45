namespace PerfTools.TransportPerf.Options;

/// <summary>-compressionType values; the numbers are the RIPC wire values printed in the summary ("none(0)").</summary>
public enum CompressionChoice
{
    None = 0,
    Zlib = 1,
    Lz4 = 2,
}
