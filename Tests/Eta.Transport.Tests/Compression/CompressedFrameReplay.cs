using Eta.Transport.Compression;
using Xunit;

namespace Eta.Transport.Tests.Compression;

/// <summary>
/// Turns a sequence of RIPC frames back into the messages the sender wrote, the way ETA's reader does for
/// compression: a compressed payload is inflated through the channel's one decompressor, a payload marked
/// COMP_FRAGMENT continues in the next frame, and fragments are joined up to the first fragment's total.
/// A test helper over trusted vectors; the transport's reader is the real implementation.
/// </summary>
internal sealed class CompressedFrameReplay(ICompressor decompressor)
{
    private readonly byte[] _inflated = new byte[64 * 1024];
    private readonly List<byte> _compFragmentParts = [];
    private RipcFrame? _groupStart;
    private List<byte>? _fragments;
    private int _fragmentsTotal;

    public List<byte[]> Messages { get; } = [];

    public CompressedFrameReplay Feed(IEnumerable<RipcFrame> frames)
    {
        foreach (RipcFrame frame in frames)
            Feed(frame);
        return this;
    }

    private void Feed(RipcFrame frame)
    {
        _groupStart ??= frame;
        _compFragmentParts.AddRange(frame.IsCompressed ? Inflate(frame.Payload) : frame.Payload);
        if (frame.ContinuesInNextFrame)
            return;

        RipcFrame start = _groupStart.Value;
        byte[] content = [.. _compFragmentParts];
        _compFragmentParts.Clear();
        _groupStart = null;

        if (start.StartsFragmentedMessage)
        {
            _fragments = [.. content];
            _fragmentsTotal = start.FragmentTotalLength;
        }
        else if (start.ContinuesFragmentedMessage)
        {
            _fragments!.AddRange(content);
        }
        else
        {
            Messages.Add(content);
        }

        if (_fragments is not null && _fragments.Count >= _fragmentsTotal)
        {
            Messages.Add([.. _fragments]);
            _fragments = null;
        }
    }

    private byte[] Inflate(byte[] payload)
    {
        Assert.True(decompressor.TryDecompress(payload, _inflated, out int written), "a vector payload did not inflate");
        return _inflated[..written];
    }
}
