using System.Text;

namespace PerfTools.Common.Output;

/// <summary>
/// The console of a run that may outlive its terminal. When the terminal or ssh session goes away the run gets
/// SIGHUP (which <see cref="Lifetime.ShutdownSignal"/> takes as Ctrl+C) and every later write to the terminal fails
/// with an I/O error (EIO); .NET ignores a closed pipe but throws for this. Once a write fails, this writer drops
/// the rest, so the run still ends the normal way, its summary and statistics files written.
/// </summary>
public sealed class ConsoleWriter : TextWriter
{
    private readonly TextWriter _inner;
    private volatile bool _gone;

    public ConsoleWriter(TextWriter inner) : base(inner.FormatProvider) => _inner = inner;

    /// <summary>Standard output, wrapped.</summary>
    public static TextWriter Out { get; } = TextWriter.Synchronized(new ConsoleWriter(Console.Out));

    /// <summary>Standard error, wrapped.</summary>
    public static TextWriter Error { get; } = TextWriter.Synchronized(new ConsoleWriter(Console.Error));

    /// <summary>True once a write failed: nothing more reaches the console.</summary>
    public bool IsGone => _gone;

    public override Encoding Encoding => _inner.Encoding;

    public override void Write(char value) => Guard(value, static (w, v) => w.Write(v));

    public override void Write(char[] buffer, int index, int count) =>
        Guard((buffer, index, count), static (w, v) => w.Write(v.buffer, v.index, v.count));

    public override void Write(ReadOnlySpan<char> buffer)
    {
        if (_gone)
            return;
        try
        {
            _inner.Write(buffer);
        }
        catch (IOException)
        {
            _gone = true;
        }
    }

    public override void Write(string? value) => Guard(value, static (w, v) => w.Write(v));

    public override void WriteLine(string? value) => Guard(value, static (w, v) => w.WriteLine(v));

    public override void WriteLine() => Guard(0, static (w, _) => w.WriteLine());

    public override void Flush() => Guard(0, static (w, _) => w.Flush());

    private void Guard<T>(T value, Action<TextWriter, T> write)
    {
        if (_gone)
            return;
        try
        {
            write(_inner, value);
        }
        catch (IOException)
        {
            _gone = true;
        }
    }
}
