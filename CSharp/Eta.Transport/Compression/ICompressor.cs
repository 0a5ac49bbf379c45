namespace Eta.Transport.Compression;

/// <summary>
/// One compressor per channel direction (zlib keeps stream state between messages).
/// </summary>
internal interface ICompressor : IDisposable
{
    /// <summary>Upper bound of the compressed size of <paramref name="inputLength"/> bytes.</summary>
    int MaxCompressedLength(int inputLength);

    /// <summary>Compresses <paramref name="input"/> into <paramref name="output"/>; returns bytes written.</summary>
    int Compress(ReadOnlySpan<byte> input, Span<byte> output);

    /// <summary>Decompresses one unit; false when the data is corrupt.</summary>
    bool TryDecompress(ReadOnlySpan<byte> input, Span<byte> output, out int written);
}
