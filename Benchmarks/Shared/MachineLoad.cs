using System.Globalization;

namespace Eta.Benchmarks.Shared;

/// <summary>
/// The machine's load average as <c>uptime</c> prints it (1, 5 and 15 minutes, from /proc/loadavg), so every
/// figure a benchmark prints carries the load it was taken under. "n/a" where the file does not exist.
/// </summary>
internal static class MachineLoad
{
    public static string Describe()
    {
        try
        {
            string[] parts = File.ReadAllText("/proc/loadavg").Split(' ', StringSplitOptions.RemoveEmptyEntries);
            return parts.Length >= 3
                ? string.Create(CultureInfo.InvariantCulture, $"load average {parts[0]}, {parts[1]}, {parts[2]} on {Environment.ProcessorCount} cores")
                : "load average n/a";
        }
        catch (IOException)
        {
            return "load average n/a";
        }
        catch (UnauthorizedAccessException)
        {
            return "load average n/a";
        }
    }
}
