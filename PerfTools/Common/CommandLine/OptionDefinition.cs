namespace PerfTools.Common.CommandLine;

/// <summary>
/// One row of a tool's option table: the name typed on the command line (with its single dash),
/// the default shown in help, the help text, and how a value is checked and stored into the
/// tool's mutable draft before the draft is frozen into the immutable options object.
/// </summary>
public abstract class OptionDefinition<TDraft>
{
    protected OptionDefinition(string name, string valueHint, string defaultText, string help)
    {
        if (!name.StartsWith('-') || name.StartsWith("--", StringComparison.Ordinal) || name.Length < 2)
            throw new ArgumentException($"Option name '{name}' must start with a single dash.", nameof(name));
        Name = name;
        ValueHint = valueHint;
        DefaultText = defaultText;
        Help = help;
    }

    /// <summary>The option as typed, e.g. <c>-msgRate</c>.</summary>
    public string Name { get; }

    /// <summary>What kind of value follows the option in help output, e.g. <c>&lt;int&gt;</c>; empty for flags.</summary>
    public string ValueHint { get; }

    /// <summary>The default as printed by help.</summary>
    public string DefaultText { get; }

    public string Help { get; }

    /// <summary>False for flags such as <c>-busyRead</c>, which take no value.</summary>
    public abstract bool TakesValue { get; }

    /// <summary>Stores the default value into a fresh draft.</summary>
    internal abstract void ApplyDefault(TDraft draft);

    /// <summary>
    /// Checks and stores <paramref name="value"/> (null for flags).
    /// Returns null on success, otherwise the rule the value broke.
    /// </summary>
    internal abstract string? TryApply(TDraft draft, string? value);
}
