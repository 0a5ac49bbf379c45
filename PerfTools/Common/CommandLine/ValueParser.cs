namespace PerfTools.Common.CommandLine;

/// <summary>
/// Turns the text after an option into a typed value. On failure returns false and sets
/// <paramref name="rule"/> to the rule the text broke, phrased to follow the option name
/// (e.g. "must be a whole number between 1 and 1000000").
/// </summary>
public delegate bool ValueParser<TValue>(string text, out TValue value, out string rule);
