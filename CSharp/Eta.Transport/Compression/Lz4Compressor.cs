using K4os.Compression.LZ4;

namespace Eta.Transport.Compression;

/// <summary>
/// lz4 compression as ETA puts it on the wire: every message is ONE independent raw lz4 block
/// (no frame header, no length prefix, no state between messages), made with the fast compressor at
/// acceleration 1 (liblz4's <c>LZ4_compress_default</c>, K4os's <see cref="LZ4Level.L00_FAST"/>, the level
/// LSEG's C# edition uses). lz4 has no levels: ETA ignores the configured compression level.
/// Because a block cannot be decoded in pieces, a payload split across two RIPC messages
/// (COMP_FRAGMENT) must be joined before <see cref="TryDecompress"/>.
/// Managed (K4os.Compression.LZ4) on every OS; both calls work on spans and allocate nothing.
/// </summary>
internal sealed class Lz4Compressor : ICompressor
{
    /// <summary>LZ4_COMPRESSBOUND from lz4.h: n + n/255 + 16 (what <see cref="LZ4Codec.MaximumOutputSize"/> returns).</summary>
    public int MaxCompressedLength(int inputLength)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(inputLength);
        return inputLength + inputLength / 255 + 16;
    }

    public int Compress(ReadOnlySpan<byte> input, Span<byte> output)
    {
        if (output.Length < MaxCompressedLength(input.Length))
            throw new ArgumentException(
                $"output ({output.Length} bytes) is smaller than MaxCompressedLength({input.Length})", nameof(output));

        int written = LZ4Codec.Encode(input, output, LZ4Level.L00_FAST);
        // Not positive only when the output is too small, which the bound above rules out.
        if (written <= 0)
            throw new InvalidOperationException($"lz4 compression failed on {input.Length} bytes");
        return written;
    }

    public bool TryDecompress(ReadOnlySpan<byte> input, Span<byte> output, out int written)
    {
        // Negative for malformed input or output too small; the safe decoder never reads or writes out of bounds.
        int result = input.IsEmpty ? -1 : LZ4Codec.Decode(input, output);
        written = Math.Max(result, 0);
        return result >= 0;
    }

    public void Dispose()
    {
    }
}
