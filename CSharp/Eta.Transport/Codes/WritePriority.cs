namespace Eta.Transport;

/// <summary>Output queue a buffer goes to; queues are flushed in the channel's priority flush order.</summary>
public enum WritePriority
{
    High = 0,
    Medium = 1,
    Low = 2,
}
