using System.Runtime.InteropServices;

namespace PerfTools.Common.Threading;

/// <summary>
/// Linux's SCHED_IDLE policy for one thread: it runs only on a CPU no other thread wants, and a thread of the normal
/// policy that wakes up takes the CPU from it at once. A low nice value is not enough for that: the kernel's fair
/// scheduler lets the running thread finish its time slice (milliseconds) before a woken one of any priority gets
/// the CPU. A process may move its own threads to this policy without privileges. Elsewhere, and when a call fails,
/// nothing changes.
/// </summary>
public static partial class IdleScheduling
{
    private const int SchedIdle = 5;

    /// <summary>Puts thread <paramref name="threadId"/> under SCHED_IDLE; true when it was set.</summary>
    public static bool Set(int threadId)
    {
        if (!OperatingSystem.IsLinux() || threadId == 0)
            return false;
        int priority = 0; // the only one SCHED_IDLE takes
        return SetScheduler(threadId, SchedIdle, ref priority) == 0;
    }

    /// <summary>Whether thread <paramref name="threadId"/> runs under SCHED_IDLE (Linux; false elsewhere or when unknown).</summary>
    public static bool IsSet(int threadId) =>
        OperatingSystem.IsLinux() && threadId != 0 && GetScheduler(threadId) == SchedIdle;

    [LibraryImport("libc", EntryPoint = "sched_setscheduler")]
    private static partial int SetScheduler(int threadId, int policy, ref int priority);

    [LibraryImport("libc", EntryPoint = "sched_getscheduler")]
    private static partial int GetScheduler(int threadId);
}
