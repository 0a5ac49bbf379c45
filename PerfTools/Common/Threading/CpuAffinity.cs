using System.Runtime.InteropServices;

namespace PerfTools.Common.Threading;

/// <summary>
/// Pins the calling thread to one CPU: sched_setaffinity on Linux, SetThreadAffinityMask on Windows.
/// A managed thread runs on one OS thread for its lifetime, so pinning it from inside the thread holds.
/// </summary>
public static partial class CpuAffinity
{
    private const int LinuxCpuSetBytes = 128; // sizeof(cpu_set_t) with glibc's default CPU_SETSIZE of 1024

    /// <summary>Returns false with a reason when the OS refuses or the platform is unsupported; never throws for that.</summary>
    public static bool TryPinCurrentThread(int cpuId, out string? failure)
    {
        failure = null;
        if (cpuId < 0 || cpuId >= LinuxCpuSetBytes * 8)
        {
            failure = $"CPU id {cpuId} is out of range";
            return false;
        }
        if (OperatingSystem.IsLinux())
            return TryPinLinux(cpuId, out failure);
        if (OperatingSystem.IsWindows())
            return TryPinWindows(cpuId, out failure);
        failure = $"thread pinning is not supported on {RuntimeInformation.OSDescription}";
        return false;
    }

    private static unsafe bool TryPinLinux(int cpuId, out string? failure)
    {
        byte* mask = stackalloc byte[LinuxCpuSetBytes];
        new Span<byte>(mask, LinuxCpuSetBytes).Clear();
        mask[cpuId / 8] = (byte)(1 << (cpuId % 8));
        // pid 0 = the calling thread.
        if (sched_setaffinity(0, LinuxCpuSetBytes, mask) == 0)
        {
            failure = null;
            return true;
        }
        failure = $"sched_setaffinity(cpu {cpuId}) failed: {Marshal.GetLastPInvokeErrorMessage()}";
        return false;
    }

    private static bool TryPinWindows(int cpuId, out string? failure)
    {
        if (cpuId >= nint.Size * 8)
        {
            failure = $"CPU id {cpuId} is beyond this process's processor group";
            return false;
        }
        if (SetThreadAffinityMask(GetCurrentThread(), (nuint)1 << cpuId) != 0)
        {
            failure = null;
            return true;
        }
        failure = $"SetThreadAffinityMask(cpu {cpuId}) failed: {Marshal.GetLastPInvokeErrorMessage()}";
        return false;
    }

    [LibraryImport("libc", SetLastError = true)]
    private static unsafe partial int sched_setaffinity(int pid, nuint cpuSetSize, byte* mask);

    [LibraryImport("kernel32", SetLastError = true)]
    private static partial nuint SetThreadAffinityMask(nint thread, nuint mask);

    [LibraryImport("kernel32")]
    private static partial nint GetCurrentThread();
}
