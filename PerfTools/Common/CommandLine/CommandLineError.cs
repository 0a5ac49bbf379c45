namespace PerfTools.Common.CommandLine;

/// <summary>What was wrong with the command line: the option concerned and the rule it broke.</summary>
public sealed record CommandLineError(string OptionName, string Rule)
{
    /// <summary>The single line printed to standard error, e.g. <c>-tickRate: must be a whole number from 1 to 1000000 (got '0')</c>.</summary>
    public override string ToString() => $"{OptionName}: {Rule}";
}
