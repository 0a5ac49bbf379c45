using PerfTools.Common.Output;
using Xunit;

namespace PerfTools.Tests.Common;

/// <summary>
/// A terminal that went away (SIGHUP, then EIO on every write) must not end a run with an exception before its summary
/// is written: the console writer drops what follows the first failed write.
/// </summary>
public sealed class ConsoleWriterTests
{
    [Fact]
    public void After_a_write_fails_every_kind_of_write_is_dropped_without_an_exception()
    {
        var terminal = new HungUpTerminal(acceptedWrites: 1);
        var console = new ConsoleWriter(terminal);

        console.Write("before\n");
        console.WriteLine("the hangup");
        console.Write("after".AsSpan());
        console.WriteLine($"{42} after");
        console.Write('x');
        console.Flush();

        Assert.Equal("before\n", terminal.Written);
        Assert.True(console.IsGone);
        Assert.Equal(1, terminal.FailedWrites); // nothing is tried once the terminal is known to be gone
    }

    [Fact]
    public void Writes_pass_through_while_the_terminal_is_there()
    {
        var terminal = new HungUpTerminal(acceptedWrites: int.MaxValue);
        var console = new ConsoleWriter(terminal);

        console.Write("a");
        console.Write("b".AsSpan());
        console.WriteLine('c');

        Assert.Equal("abc" + Environment.NewLine, terminal.Written);
        Assert.False(console.IsGone);
    }

    private sealed class HungUpTerminal(int acceptedWrites) : StringWriter
    {
        private int _accepted;

        public int FailedWrites { get; private set; }

        public string Written => ToString();

        public override void Write(char value)
        {
            Admit();
            base.Write(value);
        }

        public override void Write(string? value)
        {
            Admit();
            base.Write(value);
        }

        public override void Write(ReadOnlySpan<char> buffer)
        {
            Admit();
            base.Write(buffer);
        }

        public override void Write(char[] buffer, int index, int count)
        {
            Admit();
            base.Write(buffer, index, count);
        }

        public override void WriteLine(string? value)
        {
            Admit();
            base.Write(value + Environment.NewLine);
        }

        public override void Flush()
        {
            Admit();
            base.Flush();
        }

        private void Admit()
        {
            if (_accepted++ < acceptedWrites)
                return;
            FailedWrites++;
            throw new IOException("Input/output error");
        }
    }
}
