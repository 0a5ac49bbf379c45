namespace PerfTools.Common.CommandLine;

/// <summary>An option followed by one value, parsed and checked by a <see cref="ValueParser{TValue}"/>.</summary>
public sealed class ValueOption<TDraft, TValue> : OptionDefinition<TDraft>
{
    private readonly TValue _default;
    private readonly ValueParser<TValue> _parse;
    private readonly Action<TDraft, TValue> _store;

    public ValueOption(
        string name, string valueHint, TValue defaultValue, string defaultText, string help,
        ValueParser<TValue> parse, Action<TDraft, TValue> store)
        : base(name, valueHint, defaultText, help)
    {
        _default = defaultValue;
        _parse = parse;
        _store = store;
    }

    public override bool TakesValue => true;

    internal override void ApplyDefault(TDraft draft) => _store(draft, _default);

    internal override string? TryApply(TDraft draft, string? value)
    {
        if (!_parse(value!, out TValue parsed, out string rule))
            return rule;
        _store(draft, parsed);
        return null;
    }
}
