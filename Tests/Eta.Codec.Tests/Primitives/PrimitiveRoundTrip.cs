using Xunit;

namespace Eta.Codec.Tests.Primitives;

/// <summary>Encodes a primitive's value bytes and decodes them back.</summary>
internal static class PrimitiveRoundTrip
{
    public static (T Value, CodecReturnCode Code, byte[] Wire) Run<T>(T value) where T : struct, IPrimitive<T>
    {
        Span<byte> buffer = stackalloc byte[64];
        var writer = new RwfWriter(buffer);
        Assert.Equal(CodecReturnCode.Success, value.EncodeBody(ref writer));
        byte[] wire = writer.Written.ToArray();
        CodecReturnCode rc = T.Decode(wire, out T decoded);
        return (decoded, rc, wire);
    }
}
