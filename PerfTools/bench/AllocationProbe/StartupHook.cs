using System.Buffers.Text;
using Microsoft.Win32.SafeHandles;

/// <summary>
/// Runs before the tool's Main (the runtime looks for this exact type name in the global namespace): every second it
/// appends "Unix time in seconds, total bytes allocated by the process, gen0, gen1, gen2 collections so far, managed
/// heap bytes in use, resident set (VmRSS, kB), peak resident set (VmHWM, kB)" to ALLOCATION_PROBE_FILE. The
/// collection counts serve soak.sh's "no gen0 in steady state" verdict, heap and RSS tell managed growth from native
/// growth. Wall-clock time lets the benchmark line up the two tools' samples; it takes the slope over the
/// steady-state window and divides by the messages of that window. The probe itself allocates nothing per sample
/// (the line is formatted into a reused buffer, on the probe's own thread), so it cannot cause the collections it counts.
/// </summary>
internal static class StartupHook
{
    public static void Initialize()
    {
        string? path = Environment.GetEnvironmentVariable("ALLOCATION_PROBE_FILE");
        if (string.IsNullOrEmpty(path))
            return;
        var probe = new Probe(path);
        // Its own thread, not a timer: a timer's callbacks run on the thread pool, whose workers come and go, and each
        // new worker allocates about 1 KB: a trickle the probe would count as the tool's, and that in a long run
        // used up a gen0 budget.
        new Thread(() =>
        {
            while (true)
            {
                Thread.Sleep(1000);
                probe.Sample();
            }
        })
        {
            IsBackground = true,
            Name = "AllocationProbe",
        }.Start();
    }

    private sealed class Probe(string path)
    {
        private readonly FileStream _file = new(path, FileMode.Create, FileAccess.Write, FileShare.Read, bufferSize: 0);
        private readonly SafeFileHandle? _status = OperatingSystem.IsLinux() ? File.OpenHandle("/proc/self/status") : null;
        private readonly byte[] _line = new byte[256];
        private readonly byte[] _statusText = new byte[8192];

        public void Sample()
        {
            lock (this)
            {
                long ms = DateTimeOffset.UtcNow.ToUnixTimeMilliseconds();
                int at = 0;
                Number(ms / 1000, ref at);
                _line[at++] = (byte)'.';
                long frac = ms % 1000;
                _line[at++] = (byte)('0' + frac / 100);
                _line[at++] = (byte)('0' + frac / 10 % 10);
                _line[at++] = (byte)('0' + frac % 10);
                Field(GC.GetTotalAllocatedBytes(precise: true), ref at);
                Field(GC.CollectionCount(0), ref at);
                Field(GC.CollectionCount(1), ref at);
                Field(GC.CollectionCount(2), ref at);
                Field(GC.GetTotalMemory(forceFullCollection: false), ref at);
                int length = _status is null ? 0 : RandomAccess.Read(_status, _statusText, 0);
                Field(Kilobytes(_statusText.AsSpan(0, length), "\nVmRSS:"u8), ref at);
                Field(Kilobytes(_statusText.AsSpan(0, length), "\nVmHWM:"u8), ref at);
                _line[at++] = (byte)'\n';
                _file.Write(_line, 0, at);
            }
        }

        private void Field(long value, ref int at)
        {
            _line[at++] = (byte)',';
            Number(value, ref at);
        }

        private void Number(long value, ref int at)
        {
            Utf8Formatter.TryFormat(value, _line.AsSpan(at), out int written);
            at += written;
        }

        private static long Kilobytes(ReadOnlySpan<byte> status, ReadOnlySpan<byte> label)
        {
            int at = status.IndexOf(label);
            if (at < 0)
                return -1;
            ReadOnlySpan<byte> rest = status[(at + label.Length)..].TrimStart(" \t"u8);
            return Utf8Parser.TryParse(rest, out long kilobytes, out _) ? kilobytes : -1;
        }
    }
}
