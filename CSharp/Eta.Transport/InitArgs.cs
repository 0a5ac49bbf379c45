namespace Eta.Transport;

/// <summary>Options of <see cref="Transport.Initialize"/>.</summary>
public sealed record InitArgs
{
    /// <summary>True when several threads use the transport (e.g. a server whose channels are served by
    /// several threads): shared resources and each channel's write side are then locked.</summary>
    public bool GlobalLocking { get; init; }
}
