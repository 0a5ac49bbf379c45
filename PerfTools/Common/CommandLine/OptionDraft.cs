namespace PerfTools.Common.CommandLine;

/// <summary>
/// A ready-made draft for tools whose options are an immutable record: each option row replaces
/// <see cref="Value"/> with a copy (<c>d.Value = d.Value with { MsgRate = v }</c>), so the record is the only
/// list of fields. Use <c>OptionTable&lt;OptionDraft&lt;TOptions&gt;, TOptions&gt;(name, d =&gt; d.Value)</c>.
/// </summary>
public sealed class OptionDraft<TOptions> where TOptions : class, new()
{
    public TOptions Value { get; set; } = new();
}
