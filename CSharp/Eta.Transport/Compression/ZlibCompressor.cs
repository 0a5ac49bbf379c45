using System.IO.Compression;

namespace Eta.Transport.Compression;

/// <summary>
/// zlib compression as ETA puts it on the wire: each direction of a channel is ONE continuous zlib stream
/// (RFC 1950: the 2-byte header 78 xx appears only in the first compressed message of the connection),
/// and every message is closed with a sync flush, so each compressed payload ends with the empty stored
/// block 00 00 FF FF (kept on the wire, not stripped). The stream is never finished. Consequently the
/// receiver must inflate compressed payloads in exactly the order they were sent, through one inflater,
/// and a payload cut across two RIPC messages (COMP_FRAGMENT) may be inflated part by part: whatever
/// output each part yields is appended.
/// <code>
///   message 1:  78 DA | deflate blocks ... | 00 00 FF FF
///   message 2:          deflate blocks ... | 00 00 FF FF     (no header: same stream)
/// </code>
/// Level 0 (stored, no compression) to 9 (smallest); ETA's default is 6, TransportPerf's 5.
/// Not thread-safe: one instance serves one channel, compressing its output and inflating its input.
/// A corrupt input poisons the inflater (the stream state is lost), so every later call fails too:
/// the channel must be closed.
/// </summary>
internal sealed unsafe class ZlibCompressor : ICompressor
{
    public const int MinLevel = 0;
    public const int MaxLevel = 9;
    public const int DefaultLevel = 6;

    private readonly AttachedMemoryStream _deflateOutput = new();
    private readonly AttachedMemoryStream _inflateInput = new();
    private readonly ZLibStream _deflater;
    private readonly ZLibStream _inflater;
    private readonly byte[] _overflowProbe = new byte[1];
    private bool _inflaterBroken;

    public ZlibCompressor(int level)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(level, MinLevel);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(level, MaxLevel);
        Level = level;
        _deflater = new ZLibStream(_deflateOutput, new ZLibCompressionOptions { CompressionLevel = level });
        _inflater = new ZLibStream(_inflateInput, CompressionMode.Decompress);
    }

    public int Level { get; }

    /// <summary>
    /// Worst case of one sync-flushed message: the stream header, the sync-flush marker and block alignment
    /// (64 bytes cover them) plus what the data itself may grow by. At level 1 zlib-ng's quick strategy always
    /// uses fixed Huffman codes, where a literal can take 9 bits: up to 1/8 growth. The other levels fall back
    /// to stored blocks when compression does not pay, which costs 5 bytes per block of at least 2 KiB.
    /// </summary>
    public int MaxCompressedLength(int inputLength)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(inputLength);
        if (Level == 0)
            return inputLength + StoredOverhead(inputLength);
        int growth = Level == 1 ? (inputLength >> 3) + (inputLength >> 10) : inputLength >> 9;
        return inputLength + growth + 64;
    }

    /// <summary>
    /// Level 0 only copies: the stream header (2), 5 bytes per stored block (blocks of at least 16 KiB), the
    /// sync-flush marker (5) and 4 spare. Tight on purpose: the writer reserves this much in every compressed
    /// frame, and 16 bytes at a 6144-byte fragment give LSEG's fragment sizes (6121 first, 6125 after).
    /// </summary>
    private static int StoredOverhead(int inputLength) => 2 + 5 * ((inputLength >> 14) + 1) + 5 + 4;

    public int Compress(ReadOnlySpan<byte> input, Span<byte> output)
    {
        int bound = MaxCompressedLength(input.Length);
        if (output.Length < bound)
            throw new ArgumentException(
                $"output ({output.Length} bytes) is smaller than MaxCompressedLength({input.Length})", nameof(output));

        fixed (byte* destination = output)
        {
            _deflateOutput.Attach(destination, bound); // writing past the bound throws: the bound is checked on every call
            try
            {
                _deflater.Write(input);
                _deflater.Flush(); // ZLibStream.Flush is Z_SYNC_FLUSH: ends on a byte boundary with 00 00 FF FF
                return _deflateOutput.BytesUsed;
            }
            finally
            {
                _deflateOutput.Detach();
            }
        }
    }

    public bool TryDecompress(ReadOnlySpan<byte> input, Span<byte> output, out int written)
    {
        written = 0;
        if (_inflaterBroken)
            return false;

        fixed (byte* source = input)
        {
            _inflateInput.Attach(source, input.Length);
            try
            {
                int count = InflateAll(output);
                _inflaterBroken = count < 0;
                written = Math.Max(count, 0);
                return count >= 0;
            }
            catch (Exception e) when (e is InvalidDataException or IOException)
            {
                // InvalidDataException: malformed deflate data. IOException: zlib's own error codes (ZLibException,
                // e.g. a header asking for a preset dictionary); the input here is memory, so no real I/O fails.
                _inflaterBroken = true;
                return false;
            }
            finally
            {
                _inflateInput.Detach();
            }
        }
    }

    /// <summary>
    /// Inflates until the attached input is consumed and the inflater has nothing left to give;
    /// -1 when the output cannot hold it all.
    /// </summary>
    private int InflateAll(Span<byte> output)
    {
        int total = 0;
        while (total < output.Length)
        {
            int count = _inflater.Read(output[total..]);
            if (count == 0)
                return total;
            total += count;
        }

        // Output is full: any further byte means the message was bigger than the caller allowed.
        return _inflater.Read(_overflowProbe) == 0 ? total : -1;
    }

    public void Dispose()
    {
        _deflateOutput.DiscardWrites(); // disposing finishes the zlib stream; ETA never sends that trailer
        _deflater.Dispose();
        _inflater.Dispose();
    }
}
