namespace Eta.Transport.Reading;

/// <summary>What processing one RIPC frame produced.</summary>
internal enum FrameOutcome
{
    /// <summary>A message is ready (possibly the first of a packed frame).</summary>
    Message,
    /// <summary>The frame was a ping.</summary>
    Ping,
    /// <summary>The frame was consumed without completing a message (fragment, dropped frame).</summary>
    Nothing,
    /// <summary>The frame is invalid; the error says why.</summary>
    Failure,
}
