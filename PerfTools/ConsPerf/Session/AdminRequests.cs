using Eta.Codec;
using Eta.Codec.Rdm;

namespace PerfTools.ConsPerf.Session;

/// <summary>
/// The consumer's two administrative requests (§4.1): the login, announcing support for round trip latency
/// monitoring (§2.4.5) so the provider sends its RTT probes, and the source directory request.
/// </summary>
internal static class AdminRequests
{
    public const int LoginMaxLength = 1024;
    public const int DirectoryMaxLength = 64;
    private const ulong ConsumerRole = 0;

    public static int EncodeLogin(Span<byte> destination, int streamId, string userName)
    {
        var login = new LoginRequest { StreamId = streamId, UserName = userName };
        login.Attributes.ApplicationName = "ConsPerf";
        login.Attributes.Role = ConsumerRole;
        login.Attributes.SupportsRoundTripLatency = true;
        var encoder = new RwfEncoder(destination);
        return Checked(login.Encode(ref encoder), "login request", encoder.Position);
    }

    public static int EncodeDirectory(Span<byte> destination, int streamId)
    {
        var directory = new DirectoryRequest { StreamId = streamId };
        var encoder = new RwfEncoder(destination);
        return Checked(directory.Encode(ref encoder), "directory request", encoder.Position);
    }

    private static int Checked(CodecReturnCode rc, string what, int written) =>
        rc == CodecReturnCode.Success ? written : throw new InvalidOperationException($"Cannot encode the {what}: {rc}.");
}
