using System.Diagnostics;
using Microsoft.Win32.SafeHandles;

namespace PerfTools.Common.Resources;

/// <summary>
/// The process's peak working set (what <see cref="Process.PeakWorkingSet64"/> reports), read without allocating:
/// on Linux the <c>VmHWM</c> line of <c>/proc/self/status</c>, read into a buffer kept for the process's life
/// through a handle opened once and kept open (its finalizer closes it) (<see cref="Process.Refresh"/> and the <see cref="Process"/> properties build strings
/// and dictionaries on every call). Elsewhere it falls back to <see cref="Process"/>, which allocates.
/// </summary>
internal sealed class PeakMemoryReader
{
    private static readonly byte[] Label = "VmHWM:"u8.ToArray();

    private readonly SafeFileHandle? _status;
    private readonly byte[] _buffer = new byte[8192];
    private readonly Process? _fallback;

    public PeakMemoryReader()
    {
        try
        {
            _status = OperatingSystem.IsLinux() ? File.OpenHandle("/proc/self/status") : null;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            _status = null;
        }
        if (_status is null || !TryReadProc(out _))
            _fallback = Process.GetCurrentProcess();
    }

    /// <summary>Peak working set in bytes.</summary>
    public long PeakBytes()
    {
        if (_fallback is null && TryReadProc(out long bytes))
            return bytes;
        Process process = _fallback ?? Process.GetCurrentProcess();
        process.Refresh();
        return process.PeakWorkingSet64;
    }

    private bool TryReadProc(out long bytes)
    {
        bytes = 0;
        // procfs regenerates the file on a read at offset 0: no seek, no reopen.
        int length = RandomAccess.Read(_status!, _buffer, 0);
        return TryParseKilobytes(_buffer.AsSpan(0, length), Label, out long kilobytes) && (bytes = kilobytes * 1024) >= 0;
    }

    /// <summary>The number after <paramref name="label"/> on its line ("VmHWM:\t  123456 kB"), in kB.</summary>
    internal static bool TryParseKilobytes(ReadOnlySpan<byte> status, ReadOnlySpan<byte> label, out long kilobytes)
    {
        kilobytes = 0;
        int at = status.IndexOf(label);
        if (at < 0 || (at > 0 && status[at - 1] != (byte)'\n'))
            return false;
        int i = at + label.Length;
        while (i < status.Length && (status[i] == (byte)' ' || status[i] == (byte)'\t'))
            i++;
        int digits = 0;
        for (; i < status.Length && status[i] >= (byte)'0' && status[i] <= (byte)'9'; i++, digits++)
            kilobytes = kilobytes * 10 + (status[i] - (byte)'0');
        return digits > 0;
    }
}
