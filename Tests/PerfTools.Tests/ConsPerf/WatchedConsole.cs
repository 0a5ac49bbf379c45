using System.Text;

namespace PerfTools.Tests.ConsPerf;

/// <summary>
/// A console for a tool run in-process: keeps everything written, and lets a test wait (bounded by a token) until a
/// given text has appeared, so tests synchronise on what the tool reports rather than on sleeps.
/// </summary>
internal sealed class WatchedConsole : TextWriter
{
    private readonly StringBuilder _text = new();
    private readonly List<(string Text, TaskCompletionSource Seen)> _watches = [];

    public override Encoding Encoding => Encoding.UTF8;

    public string Text
    {
        get
        {
            lock (_text)
                return _text.ToString();
        }
    }

    public override void Write(char value) => Write(value.ToString());

    // Whole, as one write: the base class would pass a span or an array on one char at a time, and a watcher could
    // then read half a line.
    public override void Write(ReadOnlySpan<char> buffer) => Write(new string(buffer));

    public override void Write(char[] buffer, int index, int count) => Write(new string(buffer, index, count));

    public override void Write(string? value)
    {
        if (value is null)
            return;
        lock (_text)
        {
            _text.Append(value);
            string all = _text.ToString();
            foreach ((string text, TaskCompletionSource seen) in _watches)
            {
                if (all.Contains(text, StringComparison.Ordinal))
                    seen.TrySetResult();
            }
        }
    }

    /// <summary>Completes when <paramref name="text"/> has been written; cancelled with <paramref name="cancellation"/>.</summary>
    public Task WhenWritten(string text, CancellationToken cancellation)
    {
        var seen = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        lock (_text)
        {
            if (_text.ToString().Contains(text, StringComparison.Ordinal))
                return Task.CompletedTask;
            _watches.Add((text, seen));
        }
        return seen.Task.WaitAsync(cancellation);
    }
}
