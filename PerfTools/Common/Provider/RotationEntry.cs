namespace PerfTools.Common.Provider;

/// <summary>
/// What an update or generic message burst needs of one item in <see cref="ItemTable"/>'s rotation: its stream id,
/// and where it is in the round-robin over the message data's update and generic message templates.
/// </summary>
public struct RotationEntry(int streamId)
{
    public readonly int StreamId = streamId;

    /// <summary>Next update template to send.</summary>
    public int UpdateCursor;

    /// <summary>Next generic message template to send.</summary>
    public int GenericCursor;
}
