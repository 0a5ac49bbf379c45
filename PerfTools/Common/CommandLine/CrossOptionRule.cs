namespace PerfTools.Common.CommandLine;

/// <summary>
/// A rule that relates several options (e.g. "-latencyMsgRate cannot be larger than -msgRate"),
/// checked on the complete draft after every option has been read. <see cref="Describe"/> produces
/// the text of the error line from the draft, so the message can quote the values involved.
/// </summary>
public sealed record CrossOptionRule<TDraft>(string OptionName, Func<TDraft, bool> Holds, Func<TDraft, string> Describe);
