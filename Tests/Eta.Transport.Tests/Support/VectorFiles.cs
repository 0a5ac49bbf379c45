using Eta.TestSupport;

namespace Eta.Transport.Tests.Support;

/// <summary>Paths of LSEG's transport vectors.</summary>
internal static class VectorFiles
{
    public static string SocketChannel(string file) => ReferenceData.Path("vectors", "SocketChannelJunit", file);

    public static string Handshake(string file) => ReferenceData.Path("vectors", "RipcHandshakeJunit", file);
}
