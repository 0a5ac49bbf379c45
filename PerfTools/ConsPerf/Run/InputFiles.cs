namespace PerfTools.ConsPerf.Run;

/// <summary>
/// Finds an input file named on the command line: as given (relative to the current directory), or else beside
/// ConsPerf.dll, where the build puts the default dictionary, message data and item list. So `dotnet path/ConsPerf.dll`
/// works from any directory.
/// </summary>
public static class InputFiles
{
    public static string Resolve(string name)
    {
        if (File.Exists(name) || Path.IsPathRooted(name))
            return name;
        string besideTool = Path.Combine(AppContext.BaseDirectory, name);
        return File.Exists(besideTool) ? besideTool : name;
    }
}
