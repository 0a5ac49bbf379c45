using BenchmarkDotNet.Attributes;

namespace Eta.Codec.Benchmarks;

/// <summary>
/// Encodes and decodes the guide's sample update (§9.1.2, plus TIM_TRK_1), payload alone and as a whole update
/// message. The baseline copies the encoded message's bytes, so the ratio column is "times a memcpy".
/// Each invocation repeats its operation <see cref="Repeats"/> times and reports per operation: a single
/// memcpy of ~120 bytes is too close to BenchmarkDotNet's overhead to serve as a baseline on its own.
/// </summary>
[MemoryDiagnoser]
public class UpdateBenchmarks
{
    private const int Repeats = 64;

    private readonly byte[] _message = new byte[1024];
    private readonly byte[] _payload = new byte[1024];
    private readonly byte[] _target = new byte[1024];
    private int _messageLength;
    private int _payloadLength;
    private ulong _timestamp;

    [GlobalSetup]
    public void Setup()
    {
        var message = new RwfEncoder(_message);
        var payload = new RwfEncoder(_payload);
        if (SampleUpdate.EncodeMessage(ref message, 1) != CodecReturnCode.Success
            || SampleUpdate.EncodePayload(ref payload, 1) != CodecReturnCode.Success)
            throw new InvalidOperationException("the sample update did not encode");
        _messageLength = message.Position;
        _payloadLength = payload.Position;
        if (SampleUpdate.DecodeMessage(_message.AsSpan(0, _messageLength)) < 0)
            throw new InvalidOperationException("the sample update did not decode");
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = Repeats, Description = "memcpy of the message")]
    public int Memcpy()
    {
        int sum = 0;
        for (int i = 0; i < Repeats; i++)
        {
            _message.AsSpan(0, _messageLength).CopyTo(_target);
            sum += _target[i];
        }
        return sum;
    }

    [Benchmark(OperationsPerInvoke = Repeats, Description = "payload encode")]
    public int PayloadEncode() => EncodeRepeatedly(SampleUpdate.EncodePayload);

    [Benchmark(OperationsPerInvoke = Repeats, Description = "payload decode")]
    public long PayloadDecode() => DecodeRepeatedly(SampleUpdate.DecodePayload, _payload.AsSpan(0, _payloadLength));

    [Benchmark(OperationsPerInvoke = Repeats, Description = "update msg encode")]
    public int MessageEncode() => EncodeRepeatedly(SampleUpdate.EncodeMessage);

    [Benchmark(OperationsPerInvoke = Repeats, Description = "update msg decode")]
    public long MessageDecode() => DecodeRepeatedly(SampleUpdate.DecodeMessage, _message.AsSpan(0, _messageLength));

    private delegate CodecReturnCode EncodeStep(ref RwfEncoder encoder, ulong timestamp);

    private delegate long DecodeStep(ReadOnlySpan<byte> encoded);

    private int EncodeRepeatedly(EncodeStep encode)
    {
        int sum = 0;
        for (int i = 0; i < Repeats; i++)
        {
            var encoder = new RwfEncoder(_target);
            sum += encode(ref encoder, ++_timestamp) == CodecReturnCode.Success ? encoder.Position : -1;
        }
        return sum;
    }

    private static long DecodeRepeatedly(DecodeStep decode, ReadOnlySpan<byte> encoded)
    {
        long sum = 0;
        for (int i = 0; i < Repeats; i++)
            sum += decode(encoded);
        return sum;
    }
}
