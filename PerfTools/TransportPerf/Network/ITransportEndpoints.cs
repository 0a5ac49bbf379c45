namespace PerfTools.TransportPerf.Network;

/// <summary>Creates the transport-side objects of each role: a listening server, or a client connection.</summary>
internal interface ITransportEndpoints
{
    /// <summary>Starts listening (server role). Throws for setup errors (port in use, bad certificate...).</summary>
    IPerfListener Listen();

    /// <summary>Connects and completes the handshake (client role); null with <paramref name="failure"/> when it did not succeed.</summary>
    IPerfChannel? Connect(CancellationToken cancellation, out string? failure);

    /// <summary>Where the last <see cref="Connect"/> stood when its cancellation ended it (a clause), else null.</summary>
    string? Unfinished { get; }
}

/// <summary>A listening server.</summary>
internal interface IPerfListener : IDisposable
{
    /// <summary>The port actually listened on (differs from -p 0).</summary>
    int Port { get; }

    /// <summary>Waits up to <paramref name="wait"/> for a client and completes its handshake; null when none arrived or it failed (<paramref name="failure"/>).</summary>
    IPerfChannel? Accept(TimeSpan wait, CancellationToken cancellation, out string? failure);
}
