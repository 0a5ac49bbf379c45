namespace PerfTools.Common.Lifetime;

/// <summary>
/// A worker thread that throws what no code path expects is a bug, but it must not take the run's results with it: the
/// thread reports the exception whole (the stack trace is what a bug report needs), the run ends through its usual
/// path, so the summary is written, and the tool exits with <see cref="ExitCode"/>.
/// </summary>
public static class InternalError
{
    /// <summary>sysexits' EX_SOFTWARE: distinct from every failure a tool's input or peer can cause.</summary>
    public const int ExitCode = 70;

    /// <summary>
    /// Runs a tool's <c>Main</c>: an exception that reaches it (from the main thread) is reported as
    /// <see cref="Report"/> and exits <see cref="ExitCode"/>, not the runtime's abort (134, a core dump, no exit path).
    /// </summary>
    public static int Guard(string tool, TextWriter console, Func<int> main)
    {
        try
        {
            return main();
        }
        catch (Exception e)
        {
            console.WriteLine(Report($"{tool} main thread", e));
            console.Flush();
            return ExitCode;
        }
    }

    /// <summary>The one-line reason for the summary, after the thread's name where the tool names it.</summary>
    public static string Reason(Exception exception) => $"internal error: {exception.GetType().Name}: {exception.Message}";

    /// <summary>The console's text: the thread and the reason, then the exception with its stack trace, and what to do with it.</summary>
    public static string Report(string thread, Exception exception) =>
        $"{thread}: {Reason(exception)}{Environment.NewLine}{exception}{Environment.NewLine}" +
        "This is a bug in the tool; please report it with the lines above.";
}
