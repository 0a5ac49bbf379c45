using Xunit;

namespace Eta.Codec.Tests.Dictionary;

internal static class LoadAssert
{
    /// <summary>Asserts SUCCESS, showing the dictionary error when it is not.</summary>
    public static void Succeeded(CodecReturnCode code, DictionaryError? error) =>
        Assert.True(code == CodecReturnCode.Success, $"{code}: {error}");
}
