namespace PerfTools.PerfHub.Network;

internal enum ReadOutcome
{
    Message,
    NoMessage,
    Failed,
}
