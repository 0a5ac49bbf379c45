using System.Reflection;
using System.Runtime.CompilerServices;

namespace PerfTools.Common.Threading;

/// <summary>
/// Compiles every method of the given assemblies before a run starts, so the first messages of the run do not
/// wait for the JIT: on a busy machine first-call compilation of the read/write paths stalled the first round trips
/// of a TransportPerf run for 50-230 ms, which alone made its p99.9. Call from <c>Main</c> only (tests that run a
/// tool in-process do not need it), before any connection is made.
/// </summary>
public static class JitWarmup
{
    private const BindingFlags Declared =
        BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance | BindingFlags.Static | BindingFlags.DeclaredOnly;

    /// <summary>Prepares what can be prepared; a method the runtime will not prepare ahead (generic, abstract, extern) is skipped.</summary>
    public static void Prepare(params Assembly[] assemblies)
    {
        foreach (Assembly assembly in assemblies)
        {
            foreach (Type type in assembly.GetTypes())
            {
                if (type.ContainsGenericParameters)
                    continue;
                foreach (MethodBase method in type.GetMethods(Declared).Cast<MethodBase>().Concat(type.GetConstructors(Declared)))
                {
                    if (method.IsAbstract || method.ContainsGenericParameters || method.GetMethodBody() is null)
                        continue;
                    try
                    {
                        RuntimeHelpers.PrepareMethod(method.MethodHandle);
                    }
                    catch (Exception e) when (e is ArgumentException or NotSupportedException or TypeLoadException or BadImageFormatException)
                    {
                        // Not preparable ahead of its first call: the JIT does it then, as without warm-up.
                    }
                }
            }
        }
    }
}
