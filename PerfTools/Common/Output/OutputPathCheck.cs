using PerfTools.Common.CommandLine;

namespace PerfTools.Common.Output;

/// <summary>
/// Checks, before a run starts, that an output file can be written: its folder exists, the path is not a folder,
/// and a file can be created (or the existing one opened for writing) there. A run whose summary could only be
/// found unwritable at its end would lose its results, so the tools check every output path up front and stop
/// with a usage error naming the option and the path.
/// </summary>
public static class OutputPathCheck
{
    /// <summary>Null when <paramref name="path"/> can be written; otherwise the error for <paramref name="option"/>.</summary>
    public static CommandLineError? Check(string option, string path)
    {
        string full;
        try
        {
            full = Path.GetFullPath(path);
        }
        catch (Exception e) when (e is ArgumentException or NotSupportedException or PathTooLongException)
        {
            return new CommandLineError(option, $"'{path}' is not a usable file name ({e.Message})");
        }
        string? folder = Path.GetDirectoryName(full);
        if (folder is not null && !Directory.Exists(folder))
            return new CommandLineError(option, $"cannot write '{path}': the folder '{folder}' does not exist");
        if (Directory.Exists(full))
            return new CommandLineError(option, $"cannot write '{path}': it is a folder");
        return File.Exists(full) ? TryOpenExisting(option, path, full) : TryCreate(option, path, full);
    }

    /// <summary>
    /// The first error among <paramref name="paths"/> (option, path), or null when all can be written and no two are
    /// the same file (a latency file named as a thread's stats file would silently overwrite it), nor any the input
    /// file one of <paramref name="inputs"/> reads (found as the tool finds it, <see cref="Xml.DataFiles.Locate"/>).
    /// </summary>
    public static CommandLineError? CheckAll(IEnumerable<(string Option, string Path)> paths,
        IEnumerable<(string Option, string Path)>? inputs = null)
    {
        var taken = new Dictionary<string, string>(OperatingSystem.IsWindows() ? StringComparer.OrdinalIgnoreCase : StringComparer.Ordinal);
        var read = new Dictionary<string, string>(taken.Comparer);
        foreach ((string option, string path) in inputs ?? [])
        {
            string located = Xml.DataFiles.Locate(path);
            if (File.Exists(located))
                read[Path.GetFullPath(located)] = option;
        }
        foreach ((string option, string path) in paths)
        {
            CommandLineError? error = Check(option, path);
            if (error is not null)
                return error;
            string full = Path.GetFullPath(path);
            if (read.TryGetValue(full, out string? input))
                return new CommandLineError(option, $"'{path}' is the file {input} reads; the run would overwrite it");
            if (taken.TryGetValue(full, out string? other))
                return new CommandLineError(option, $"'{path}' is also the file {other} writes; give each output its own name");
            taken[full] = option;
        }
        return null;
    }

    private static CommandLineError? TryOpenExisting(string option, string path, string full)
    {
        try
        {
            using var stream = new FileStream(full, FileMode.Open, FileAccess.Write, FileShare.ReadWrite | FileShare.Delete);
            return null;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return new CommandLineError(option, $"cannot write '{path}': {e.Message}");
        }
    }

    private static CommandLineError? TryCreate(string option, string path, string full)
    {
        try
        {
            // Created and removed again: the run creates it for real when it starts writing.
            using var stream = new FileStream(full, FileMode.CreateNew, FileAccess.Write, FileShare.None, 1, FileOptions.DeleteOnClose);
            return null;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return new CommandLineError(option, $"cannot create '{path}': {e.Message}");
        }
    }
}
