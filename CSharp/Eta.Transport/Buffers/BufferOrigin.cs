namespace Eta.Transport.Buffers;

/// <summary>Where an output buffer's memory came from, so it goes back to the right place.</summary>
internal enum BufferOrigin
{
    /// <summary>The channel's guaranteed buffers.</summary>
    Guaranteed,
    /// <summary>Borrowed from the server's shared pool.</summary>
    Shared,
    /// <summary>Larger than a fragment: rented from ArrayPool, fragmented on write.</summary>
    Big,
    /// <summary>The channel's in-place buffer: a reservation in an output queue, encoded into where it will be sent from.</summary>
    InPlace,
    /// <summary>A message handed out by Read: a view into the channel's input memory.</summary>
    Input,
}
