using System.Globalization;
using System.Text;

namespace PerfTools.Common.CommandLine;

/// <summary>
/// A tool's declarative option table. Each row says how to store one option into a mutable
/// <typeparamref name="TDraft"/>; cross-option rules are checked afterwards; <c>freeze</c> turns the
/// complete draft into the tool's immutable <typeparamref name="TOptions"/>.
/// The table is an ordinary instance owned by the tool: no global registry.
/// </summary>
/// <example>
/// <code>
/// var table = new OptionTable&lt;Draft, Options&gt;("TransportPerf", d =&gt; d.Freeze())
///     .Int("-msgRate", 100000, "Messages sent per second", (d, v) =&gt; d.MsgRate = v)
///     .Flag("-busyRead", "Read continually instead of waiting for notification", (d, v) =&gt; d.BusyRead = v)
///     .Rule("-latencyMsgRate", d =&gt; d.LatencyMsgRate &lt;= d.MsgRate, d =&gt; "cannot be larger than -msgRate");
/// CommandLineResult&lt;Options&gt; result = table.Parse(args);
/// </code>
/// </example>
public sealed class OptionTable<TDraft, TOptions>
    where TDraft : new()
    where TOptions : class
{
    private readonly List<OptionDefinition<TDraft>> _options = [];
    private readonly Dictionary<string, OptionDefinition<TDraft>> _byName = new(StringComparer.Ordinal);
    private readonly List<CrossOptionRule<TDraft>> _rules = [];
    private readonly Func<TDraft, TOptions> _freeze;

    public OptionTable(string toolName, Func<TDraft, TOptions> freeze)
    {
        ToolName = toolName;
        _freeze = freeze;
    }

    public string ToolName { get; }

    public IReadOnlyList<OptionDefinition<TDraft>> Options => _options;

    public OptionTable<TDraft, TOptions> Add(OptionDefinition<TDraft> option)
    {
        if (option.Name is "-?" || !_byName.TryAdd(option.Name, option))
            throw new ArgumentException($"{ToolName}: option {option.Name} is declared twice or is reserved.");
        _options.Add(option);
        return this;
    }

    public OptionTable<TDraft, TOptions> Flag(string name, string help, Action<TDraft, bool> store) =>
        Add(new FlagOption<TDraft>(name, help, store));

    public OptionTable<TDraft, TOptions> Int(string name, int defaultValue, string help, Action<TDraft, int> store,
        int min = 0, int max = int.MaxValue) =>
        Add(new ValueOption<TDraft, int>(name, "<int>", defaultValue, defaultValue.ToString(CultureInfo.InvariantCulture),
            help, ValueParsers.Int(min, max), store));

    public OptionTable<TDraft, TOptions> Text(string name, string defaultValue, string help, Action<TDraft, string> store,
        bool allowEmpty = true, string? defaultText = null) =>
        Add(new ValueOption<TDraft, string>(name, "<text>", defaultValue,
            defaultText ?? (defaultValue.Length == 0 ? "(none)" : defaultValue), help, ValueParsers.Text(allowEmpty), store));

    public OptionTable<TDraft, TOptions> Choice<TValue>(string name, TValue defaultValue, string defaultText, string help,
        Action<TDraft, TValue> store, params (string Word, TValue Value)[] choices) =>
        Add(new ValueOption<TDraft, TValue>(name, "<" + string.Join("|", choices.Select(c => c.Word)) + ">",
            defaultValue, defaultText, help, ValueParsers.Choice(choices), store));

    public OptionTable<TDraft, TOptions> Value<TValue>(string name, string valueHint, TValue defaultValue, string defaultText,
        string help, ValueParser<TValue> parse, Action<TDraft, TValue> store) =>
        Add(new ValueOption<TDraft, TValue>(name, valueHint, defaultValue, defaultText, help, parse, store));

    /// <summary>Adds a rule relating options, checked after all options are read, in declaration order.</summary>
    public OptionTable<TDraft, TOptions> Rule(string optionName, Func<TDraft, bool> holds, Func<TDraft, string> describe)
    {
        _rules.Add(new CrossOptionRule<TDraft>(optionName, holds, describe));
        return this;
    }

    /// <summary>Parses <paramref name="args"/>. Later occurrences of an option override earlier ones.</summary>
    public CommandLineResult<TOptions> Parse(IReadOnlyList<string> args)
    {
        foreach (string arg in args)
        {
            if (arg is "-?" or "--help")
                return CommandLineResult<TOptions>.Help(HelpText());
        }

        var draft = new TDraft();
        foreach (OptionDefinition<TDraft> option in _options)
            option.ApplyDefault(draft);

        for (int i = 0; i < args.Count; i++)
        {
            string arg = args[i];
            if (!_byName.TryGetValue(arg, out OptionDefinition<TDraft>? option))
                return CommandLineResult<TOptions>.Failure(new CommandLineError(arg, "unknown option"));

            string? value = null;
            if (option.TakesValue)
            {
                // "-h -p 14002": the next word is an option, so -h has no value (rather than "14002: unknown option").
                if (i + 1 >= args.Count || _byName.ContainsKey(args[i + 1]) || args[i + 1] is "-?" or "--help")
                    return CommandLineResult<TOptions>.Failure(new CommandLineError(arg, $"needs a value {option.ValueHint}"));
                value = args[++i];
            }
            string? broken = option.TryApply(draft, value);
            if (broken is not null)
                return CommandLineResult<TOptions>.Failure(new CommandLineError(arg, broken));
        }

        foreach (CrossOptionRule<TDraft> rule in _rules)
        {
            if (!rule.Holds(draft))
                return CommandLineResult<TOptions>.Failure(new CommandLineError(rule.OptionName, rule.Describe(draft)));
        }
        return CommandLineResult<TOptions>.Success(_freeze(draft));
    }

    /// <summary>Every option with its value kind, default and help, one per line.</summary>
    public string HelpText()
    {
        var text = new StringBuilder();
        text.Append(CultureInfo.InvariantCulture, $"Usage: dotnet {ToolName}.dll [options]\n");
        text.Append("  -?, --help  print this list\n");
        int width = _options.Max(o => o.Name.Length + (o.ValueHint.Length == 0 ? 0 : o.ValueHint.Length + 1));
        foreach (OptionDefinition<TDraft> option in _options)
        {
            string left = option.ValueHint.Length == 0 ? option.Name : $"{option.Name} {option.ValueHint}";
            text.Append(CultureInfo.InvariantCulture,
                $"  {left.PadRight(width)}  {option.Help} (default: {option.DefaultText})\n");
        }
        return text.ToString();
    }
}
