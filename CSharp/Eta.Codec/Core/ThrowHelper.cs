using System.Diagnostics.CodeAnalysis;

namespace Eta.Codec;

/// <summary>Throws for API misuse from cold, non-inlined methods so the hot callers stay small.</summary>
internal static class ThrowHelper
{
    [DoesNotReturn]
    public static void ThrowArgumentOutOfRange(string paramName, string message) =>
        throw new ArgumentOutOfRangeException(paramName, message);
}
