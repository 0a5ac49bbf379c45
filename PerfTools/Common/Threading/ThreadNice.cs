using System.Runtime.InteropServices;

namespace PerfTools.Common.Threading;

/// <summary>
/// A thread's scheduling priority on Linux (its nice value, -20 to 19; higher is lower priority). On Linux, with a
/// thread id, getpriority and setpriority apply to that thread alone. A process may lower its own threads' priority
/// without privileges; raising it needs them. Elsewhere, and when a call fails, nothing changes.
/// </summary>
public static partial class ThreadNice
{
    /// <summary>The lowest priority.</summary>
    public const int Lowest = 19;

    private const int PrioProcess = 0;

    /// <summary>The calling thread's id as the kernel knows it (Linux), or 0.</summary>
    public static int CurrentThreadId() => OperatingSystem.IsLinux() ? GetThreadId() : 0;

    /// <summary>The nice value of thread <paramref name="threadId"/> (Linux), or null.</summary>
    public static int? Of(int threadId)
    {
        if (!OperatingSystem.IsLinux() || threadId == 0)
            return null;
        Marshal.SetLastPInvokeError(0);
        int nice = GetPriority(PrioProcess, threadId);
        return nice == -1 && Marshal.GetLastPInvokeError() != 0 ? null : nice;
    }

    /// <summary>Sets the nice value of thread <paramref name="threadId"/>; true when it was set.</summary>
    public static bool Set(int threadId, int nice) =>
        OperatingSystem.IsLinux() && threadId != 0 && SetPriority(PrioProcess, threadId, nice) == 0;

    [LibraryImport("libc", EntryPoint = "gettid")]
    private static partial int GetThreadId();

    [LibraryImport("libc", EntryPoint = "getpriority", SetLastError = true)]
    private static partial int GetPriority(int which, int who);

    [LibraryImport("libc", EntryPoint = "setpriority", SetLastError = true)]
    private static partial int SetPriority(int which, int who, int priority);
}
