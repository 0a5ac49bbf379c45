using System.Linq.Expressions;
using System.Reflection;
using System.Runtime.CompilerServices;

namespace PerfTools.Common.Threading;

/// <summary>
/// Compiles every method of the given assemblies before a run starts, so the first messages of the run do not
/// wait for the JIT: on a busy machine first-call compilation of the read/write paths stalled the first round trips
/// of a TransportPerf run for 50-230 ms, which alone made its p99.9. Call from <c>Main</c> only (tests that run a
/// tool in-process do not need it), before any connection is made.
/// </summary>
/// <remarks>
/// <see cref="RuntimeHelpers.PrepareMethod(RuntimeMethodHandle)"/> silently leaves a method that implements an
/// interface member in a class uncompiled (its first call through the interface still JITs), and those are most of
/// a hot path (<c>IMessageHandler.OnMessage</c>, the channel ports, the tick handler). Such methods are prepared
/// through an open-instance delegate instead, which the runtime does compile. Under tiered compilation either way
/// gives tier-0 code: a tool that must not compile during its run also turns tiering off (TransportPerf does).
/// </remarks>
public static class JitWarmup
{
    private const BindingFlags Declared =
        BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance | BindingFlags.Static | BindingFlags.DeclaredOnly;

    /// <summary>Prepares what can be prepared; a method the runtime will not prepare ahead (generic, abstract, extern) is skipped.</summary>
    public static void Prepare(params Assembly[] assemblies) =>
        PrepareTypes(assemblies.SelectMany(assembly => assembly.GetTypes()));

    /// <summary>
    /// Prepares the methods and constructors declared by these types (see <see cref="Prepare(Assembly[])"/>), after
    /// running their static constructors: code compiled before its classes are initialised cannot take their static
    /// readonly fields as constants, and checks on every call that the class is initialised.
    /// </summary>
    public static void PrepareTypes(IEnumerable<Type> types)
    {
        Type[] preparable = types.Where(type => !type.ContainsGenericParameters).ToArray();
        foreach (Type type in preparable)
            Initialize(type);
        foreach (Type type in preparable)
        {
            foreach (MethodInfo method in type.GetMethods(Declared))
                Prepare(method);
            foreach (ConstructorInfo constructor in type.GetConstructors(Declared))
                Prepare(constructor);
        }
    }

    private static void Initialize(Type type)
    {
        try
        {
            RuntimeHelpers.RunClassConstructor(type.TypeHandle);
        }
        catch (Exception e) when (e is TypeInitializationException or TypeLoadException)
        {
            // The run's first use of the type meets the same failure and reports it.
        }
    }

    private static void Prepare(MethodBase method)
    {
        if (method.IsAbstract || method.ContainsGenericParameters || method.GetMethodBody() is null)
            return;
        try
        {
            if (method is MethodInfo { IsVirtual: true, IsStatic: false, DeclaringType.IsValueType: false } virtualMethod)
                RuntimeHelpers.PrepareDelegate(OpenInstanceDelegate(virtualMethod));
            else
                RuntimeHelpers.PrepareMethod(method.MethodHandle);
        }
        catch (Exception e) when (e is ArgumentException or NotSupportedException or TypeLoadException or BadImageFormatException
                                      or MemberAccessException or InvalidOperationException)
        {
            // Not preparable ahead of its first call: the JIT does it then, as without warm-up.
        }
    }

    // A delegate whose first parameter is the instance; the delegate type (Span and out parameters included) is made
    // by the expression library.
    private static Delegate OpenInstanceDelegate(MethodInfo method)
    {
        ParameterInfo[] parameters = method.GetParameters();
        var signature = new Type[parameters.Length + 2];
        signature[0] = method.DeclaringType!;
        for (int i = 0; i < parameters.Length; i++)
            signature[i + 1] = parameters[i].ParameterType;
        signature[^1] = method.ReturnType;
        return method.CreateDelegate(Expression.GetDelegateType(signature));
    }
}
