using Eta.Benchmarks.Shared;

namespace Eta.Codec.Benchmarks.Targets;

// The operations the target run times, over the guide's sample update (SampleUpdate). Each is a struct, so the
// timing loop is compiled for it and calls it directly: no delegate between the clock and the codec.

/// <summary>The baseline: copy the encoded message's bytes.</summary>
internal struct MemcpyMessage(byte[] source, int length, byte[] target) : IOperation
{
    private int _next;

    public long Run()
    {
        source.AsSpan(0, length).CopyTo(target);
        _next = _next + 1 == length ? 0 : _next + 1;
        return target[_next];
    }
}

/// <summary>Encode the sample update: the field list alone, or the whole update message.</summary>
internal struct Encode(byte[] target, bool wholeMessage) : IOperation
{
    private ulong _timestamp;

    public long Run()
    {
        var encoder = new RwfEncoder(target);
        CodecReturnCode rc = wholeMessage
            ? SampleUpdate.EncodeMessage(ref encoder, ++_timestamp)
            : SampleUpdate.EncodePayload(ref encoder, ++_timestamp);
        return rc == CodecReturnCode.Success ? encoder.Position : -1;
    }
}

/// <summary>Decode the sample update field by field: the field list alone, or the whole update message.</summary>
internal readonly struct Decode(byte[] encoded, int length, bool wholeMessage) : IOperation
{
    public long Run() => wholeMessage
        ? SampleUpdate.DecodeMessage(encoded.AsSpan(0, length))
        : SampleUpdate.DecodePayload(encoded.AsSpan(0, length));
}

/// <summary>Encode the whole update message, then decode it field by field: issue 14's "encode+decode".</summary>
internal struct EncodeDecodeMessage(byte[] target) : IOperation
{
    private ulong _timestamp;

    public long Run()
    {
        var encoder = new RwfEncoder(target);
        if (SampleUpdate.EncodeMessage(ref encoder, ++_timestamp) != CodecReturnCode.Success)
            return -1;
        return SampleUpdate.DecodeMessage(target.AsSpan(0, encoder.Position));
    }
}
