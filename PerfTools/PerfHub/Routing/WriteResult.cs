namespace PerfTools.PerfHub.Routing;

/// <summary>What became of one message the router tried to write.</summary>
internal enum WriteResult
{
    /// <summary>Handed to the output (a channel that failed meanwhile is closed by the loop).</summary>
    Written,

    /// <summary>The output has no buffer now: queue it and try again on a later pass.</summary>
    NoBuffer,

    /// <summary>It does not encode: trying again will not help.</summary>
    Failed,
}
