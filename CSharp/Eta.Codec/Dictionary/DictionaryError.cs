namespace Eta.Codec;

/// <summary>
/// Why a dictionary could not be loaded or decoded: the source (file path, or a description of the encoded
/// payload), the 1-based line when known, and what was wrong.
/// </summary>
public sealed record DictionaryError(string Source, int Line, string Message)
{
    /// <summary>The return code the failed call gives: Failure, or e.g. IncompleteData for a truncated payload.</summary>
    public CodecReturnCode Code { get; init; } = CodecReturnCode.Failure;

    public override string ToString() => Line > 0 ? $"{Source}:{Line}: {Message}" : $"{Source}: {Message}";
}
