using System.Runtime;
using System.Runtime.CompilerServices;
using PerfTools.Common.Threading;
using Xunit;

namespace PerfTools.Tests.Common;

public sealed class JitWarmupTests
{
    /// <summary>Shaped like the hot path's interfaces: spans in and out, called through the interface.</summary>
    private interface IWarmSample
    {
        bool OnMessage(ReadOnlySpan<byte> message);

        int GetBuffer(int size, out Span<byte> space);
    }

    private sealed class WarmSample : IWarmSample
    {
        private readonly byte[] _space = new byte[64];

        public bool OnMessage(ReadOnlySpan<byte> message) => message.Length > 3 && message[0] == 7;

        public int GetBuffer(int size, out Span<byte> space)
        {
            space = _space.AsSpan(0, size);
            return size;
        }
    }

    [Fact]
    public void Interface_implementations_need_no_compilation_on_their_first_call_once_prepared()
    {
        JitWarmup.PrepareTypes([typeof(WarmSample)]);

        (long Compiled, bool Handled, int Length) firstCalls = (-1, false, 0);
        // A thread of its own, so the count is of compilations its calls caused and nothing else's.
        var caller = new Thread(() => firstCalls = CompiledDuringFirstCalls(Create()));
        caller.Start();
        Assert.True(caller.Join(TimeSpan.FromSeconds(60)));
        Assert.True(firstCalls.Handled);
        Assert.Equal(16, firstCalls.Length);
        Assert.Equal(0, firstCalls.Compiled);
    }

    private static bool s_tableInitialized;

    /// <summary>A class with a static constructor and a static readonly value its code reads.</summary>
    private static class WarmTable
    {
        public static readonly int Size;

        static WarmTable()
        {
            Size = 64;
            s_tableInitialized = true;
        }

        public static int Twice() => Size * 2;
    }

    [Fact]
    public void A_prepared_types_static_constructor_runs_before_its_methods_are_compiled()
    {
        // Compiled before its class is initialised, code cannot take a static readonly as a constant and checks the
        // class on every call; so the warm-up initialises the classes first.
        Assert.False(s_tableInitialized);

        JitWarmup.PrepareTypes([typeof(WarmTable)]);

        Assert.True(s_tableInitialized);
        Assert.Equal(128, WarmTable.Twice());
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static IWarmSample Create() => new WarmSample();

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static (long Compiled, bool Handled, int Length) CompiledDuringFirstCalls(IWarmSample sample)
    {
        Span<byte> message = stackalloc byte[8];
        message[0] = 7;
        long before = JitInfo.GetCompiledMethodCount(currentThread: true);
        bool handled = sample.OnMessage(message);
        int length = sample.GetBuffer(16, out Span<byte> space);
        long after = JitInfo.GetCompiledMethodCount(currentThread: true);
        return (after - before, handled, length == space.Length ? length : -1);
    }
}
