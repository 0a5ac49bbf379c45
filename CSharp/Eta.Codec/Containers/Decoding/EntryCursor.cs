namespace Eta.Codec;

/// <summary>
/// Position in a container's entries: how many remain, and the first failure (after which every further
/// <c>Next</c> returns that failure instead of reading on).
/// </summary>
internal ref struct EntryCursor
{
    public RwfReader Reader;
    private int _remaining;
    private CodecReturnCode _failure;

    public EntryCursor(ReadOnlySpan<byte> entries, int count)
    {
        Reader = new RwfReader(entries);
        _remaining = count;
        _failure = CodecReturnCode.Success;
    }

    /// <summary>A cursor that only ever returns <paramref name="failure"/> (a header that did not decode).</summary>
    public static EntryCursor Failed(CodecReturnCode failure) => new() { _failure = failure };

    /// <summary>Success when another entry is to be read, else EndOfContainer or the earlier failure.</summary>
    public readonly CodecReturnCode Begin() =>
        _failure != CodecReturnCode.Success ? _failure
        : _remaining == 0 ? CodecReturnCode.EndOfContainer
        : CodecReturnCode.Success;

    /// <summary>Counts the entry just read, or remembers why it could not be read.</summary>
    public CodecReturnCode End(CodecReturnCode rc)
    {
        if (rc == CodecReturnCode.Success)
            _remaining--;
        else
            _failure = rc;
        return rc;
    }
}
