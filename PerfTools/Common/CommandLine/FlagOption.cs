namespace PerfTools.Common.CommandLine;

/// <summary>An option that takes no value (e.g. <c>-noDisplayStats</c>): present means on.</summary>
public sealed class FlagOption<TDraft> : OptionDefinition<TDraft>
{
    private readonly Action<TDraft, bool> _store;

    public FlagOption(string name, string help, Action<TDraft, bool> store)
        : base(name, valueHint: "", defaultText: "off", help)
    {
        _store = store;
    }

    public override bool TakesValue => false;

    internal override void ApplyDefault(TDraft draft) => _store(draft, false);

    internal override string? TryApply(TDraft draft, string? value)
    {
        _store(draft, true);
        return null;
    }
}
