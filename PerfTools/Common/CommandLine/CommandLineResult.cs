namespace PerfTools.Common.CommandLine;

/// <summary>
/// Outcome of parsing a command line: validated options, a help request, or one error.
/// Parsing never writes to the console and never exits; <see cref="Report"/> lets <c>Main</c>
/// print what is needed and pick the exit code.
/// </summary>
public sealed class CommandLineResult<TOptions> where TOptions : class
{
    /// <summary>Exit code <c>Main</c> returns after a command-line error.</summary>
    public const int UsageErrorExitCode = 2;

    private CommandLineResult(TOptions? options, CommandLineError? error, string? helpText)
    {
        Options = options;
        Error = error;
        HelpText = helpText;
    }

    public TOptions? Options { get; }

    public CommandLineError? Error { get; }

    /// <summary>The full option list, set when <c>-?</c> or <c>--help</c> was given.</summary>
    public string? HelpText { get; }

    public bool IsSuccess => Options is not null;

    public bool HelpRequested => HelpText is not null;

    internal static CommandLineResult<TOptions> Success(TOptions options) => new(options, null, null);

    internal static CommandLineResult<TOptions> Failure(CommandLineError error) => new(null, error, null);

    internal static CommandLineResult<TOptions> Help(string helpText) => new(null, null, helpText);

    /// <summary>
    /// For a result that is not a success: prints the help text to <paramref name="output"/> (exit code 0)
    /// or the one-line error to <paramref name="error"/> (exit code <see cref="UsageErrorExitCode"/>).
    /// </summary>
    public int Report(string toolName, TextWriter output, TextWriter error)
    {
        if (IsSuccess)
            throw new InvalidOperationException("Report is for help requests and errors; the parse succeeded.");
        if (HelpText is not null)
        {
            output.Write(HelpText);
            return 0;
        }
        return ReportError(toolName, Error!, error);
    }

    /// <summary>
    /// Prints a usage error found after parsing (e.g. an output path that cannot be written) the same way as a
    /// parse error, and returns <see cref="UsageErrorExitCode"/>.
    /// </summary>
    public static int ReportError(string toolName, CommandLineError failure, TextWriter error)
    {
        error.WriteLine($"{toolName}: {failure} (-? lists every option)");
        return UsageErrorExitCode;
    }
}
