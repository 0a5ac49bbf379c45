namespace Eta.Transport.Proxy;

/// <summary>The HTTP proxy did not open the tunnel; <see cref="StatusCode"/> is its answer (0 if none).</summary>
internal sealed class ProxyConnectException(string message, int statusCode) : Exception(message)
{
    public int StatusCode { get; } = statusCode;
}
