using Eta.TestSupport;

namespace Eta.Codec.Tests.Core;

/// <summary>The bytes of an LSEG golden vector (RsslEncodersJunit), read with <see cref="HexDump"/>.</summary>
internal static class GoldenVector
{
    public static byte[] Load(string fileName) => HexDump.Bytes(ReferenceData.Path("vectors", "RsslEncodersJunit", fileName));
}
