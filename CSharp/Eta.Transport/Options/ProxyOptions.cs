namespace Eta.Transport;

/// <summary>HTTP CONNECT proxy that a client connection tunnels through.</summary>
public sealed record ProxyOptions
{
    public required string Host { get; init; }
    public required int Port { get; init; }
    /// <summary>Proxy login (Basic authentication), null when the proxy needs none.</summary>
    public string? UserName { get; init; }
    public string? Password { get; init; }

    public void Validate()
    {
        if (string.IsNullOrWhiteSpace(Host))
            throw new ArgumentException("Proxy host is empty.", nameof(Host));
        OptionChecks.InRange(Port, 1, 65535, "ProxyPort");
    }
}
