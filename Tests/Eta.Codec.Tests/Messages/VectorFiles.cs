using Eta.TestSupport;
using Xunit;

namespace Eta.Codec.Tests.Messages;

/// <summary>LSEG's codec vectors and captures, read with <see cref="HexDump"/>.</summary>
internal static class VectorFiles
{
    /// <summary>The one record of a vector file below the reference folder, e.g. ("vectors", "RsslEncodersJunit", name).</summary>
    public static byte[] Single(params string[] pathParts)
    {
        List<byte[]> records = Records(pathParts);
        Assert.Single(records);
        return records[0];
    }

    public static List<byte[]> Records(params string[] pathParts) => HexDump.Records(ReferenceData.Path(pathParts));

    /// <summary>
    /// A message of the captured consumer session (NetworkReplay/sample_capture.txt) without its 3-byte RIPC
    /// data header: 1 login refresh, 2 directory refresh, 3 item refresh, 4 item update.
    /// </summary>
    public static byte[] CapturedMessage(int index) => Records("vectors", "NetworkReplay", "sample_capture.txt")[index][3..];
}
