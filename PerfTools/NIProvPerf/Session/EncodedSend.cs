using Eta.Codec;
using PerfTools.Common.Provider;

namespace PerfTools.NIProvPerf.Session;

/// <summary>Encodes one admin message into a reserved buffer and sends it. Admin traffic: rare, may allocate.</summary>
internal static class EncodedSend
{
    public delegate CodecReturnCode Encode<T>(ref RwfEncoder encoder, T message);

    /// <summary>False with <paramref name="problem"/> naming <paramref name="what"/> when no buffer, encoding or the write failed.</summary>
    public static bool Send<T>(IMessageSink sink, int maxLength, T message, Encode<T> encode, string what, out string? problem)
    {
        Span<byte> space = sink.Reserve(maxLength);
        if (space.IsEmpty)
        {
            problem = $"no output buffer for the {what}";
            return false;
        }
        var encoder = new RwfEncoder(space);
        CodecReturnCode rc = encode(ref encoder, message);
        if (rc != CodecReturnCode.Success)
        {
            sink.Cancel();
            problem = $"the {what} could not be encoded ({rc})";
            return false;
        }
        problem = sink.Send(encoder.Position) ? null : $"writing the {what} failed";
        return problem is null;
    }
}
