using Eta.TestSupport;
using Eta.Transport.Tests.Support;

namespace Eta.Transport.Tests.Compression;

/// <summary>
/// The bytes LSEG's SocketChannelJunit vectors show as received. Files starting with '#' hold one bare
/// dump; the others are session logs that first print the handshake, then each network read.
/// </summary>
internal static class SocketDump
{
    /// <summary>All received bytes of the file, reads concatenated in order.</summary>
    public static byte[] ReceivedBytes(string fileName)
    {
        string path = VectorFiles.SocketChannel(fileName);
        bool sessionLog = !File.ReadLines(path).First().StartsWith('#');
        return [.. HexDump.Records(path).Skip(sessionLog ? 1 : 0).SelectMany(read => read)];
    }
}
