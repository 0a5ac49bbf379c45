namespace Eta.Transport.Compression;

/// <summary>
/// lz4 compression as ETA puts it on the wire: every message is ONE independent raw lz4 block
/// (no frame header, no length prefix, no state between messages), made with the library's default
/// fast compressor (acceleration 1). lz4 has no levels: ETA ignores the configured compression level.
/// Because a block cannot be decoded in pieces, a payload split across two RIPC messages
/// (COMP_FRAGMENT) must be joined before <see cref="TryDecompress"/>.
/// Calls the system liblz4 (see <see cref="Lz4Native"/>); constructing one without it throws
/// <see cref="DllNotFoundException"/> naming the package to install.
/// </summary>
internal sealed unsafe class Lz4Compressor : ICompressor
{
    public Lz4Compressor()
    {
        Lz4Native.EnsureLoaded();
    }

    /// <summary>LZ4_COMPRESSBOUND from lz4.h: n + n/255 + 16.</summary>
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

        fixed (byte* source = input)
        fixed (byte* destination = output)
        {
            int written = Lz4Native.CompressDefault(source, destination, input.Length, output.Length);
            // 0 only when the output is too small, which the bound above rules out.
            if (written <= 0)
                throw new InvalidOperationException($"LZ4_compress_default failed on {input.Length} bytes");
            return written;
        }
    }

    public bool TryDecompress(ReadOnlySpan<byte> input, Span<byte> output, out int written)
    {
        fixed (byte* source = input)
        fixed (byte* destination = output)
        {
            // Negative for malformed input or output too small; the safe decoder never reads or writes out of bounds.
            int result = input.IsEmpty ? -1 : Lz4Native.DecompressSafe(source, destination, input.Length, output.Length);
            written = Math.Max(result, 0);
            return result >= 0;
        }
    }

    public void Dispose()
    {
    }
}
