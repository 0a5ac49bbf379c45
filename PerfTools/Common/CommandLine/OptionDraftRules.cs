namespace PerfTools.Common.CommandLine;

/// <summary>Cross-option rules written directly against the options record of an <see cref="OptionDraft{TOptions}"/> table.</summary>
public static class OptionDraftRules
{
    /// <summary>Like <see cref="OptionTable{TDraft, TOptions}.Rule"/>, with the lambdas taking the options record.</summary>
    public static OptionTable<OptionDraft<TOptions>, TOptions> Check<TOptions>(
        this OptionTable<OptionDraft<TOptions>, TOptions> table, string optionName,
        Func<TOptions, bool> holds, Func<TOptions, string> describe)
        where TOptions : class, new() =>
        table.Rule(optionName, d => holds(d.Value), d => describe(d.Value));
}
