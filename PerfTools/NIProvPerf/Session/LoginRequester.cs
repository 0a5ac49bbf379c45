using Eta.Codec;
using Eta.Codec.Rdm;
using PerfTools.Common.Provider;

namespace PerfTools.NIProvPerf.Session;

/// <summary>
/// The non-interactive provider's login (guide §6.3 step 2): a login request on stream 1 with the provider role
/// (<c>Role</c> = 1, <see cref="LoginRoles.Provider"/>) and application name "NIProvPerf".
/// </summary>
internal static class LoginRequester
{
    public const int LoginStreamId = 1;
    public const string ApplicationName = "NIProvPerf";
    private const int MaxLoginMessage = 1024;

    /// <summary>The login request (also what the reactor's NI provider role sends in <c>-reactor</c> mode).</summary>
    public static LoginRequest Create(string userName)
    {
        var request = new LoginRequest { StreamId = LoginStreamId, UserName = userName };
        request.Attributes.ApplicationId = "256";
        request.Attributes.ApplicationName = ApplicationName;
        request.Attributes.Role = LoginRoles.Provider;
        return request;
    }

    /// <summary>Sends the request; false with <paramref name="problem"/> when it could not be sent.</summary>
    public static bool Send(IMessageSink sink, string userName, out string? problem)
    {
        LoginRequest request = Create(userName);
        return EncodedSend.Send(sink, MaxLoginMessage, request, static (ref RwfEncoder e, LoginRequest r) => r.Encode(ref e),
            "login request", out problem);
    }
}
