namespace Eta.Codec;

/// <summary>Turns a failed dictionary encode step into the caller's return code and a readable error.</summary>
internal static class EncodeFailure
{
    /// <summary>BufferTooSmall stays as is (the caller may retry with a bigger buffer); anything else is Failure.</summary>
    public static CodecReturnCode Report(string encoder, CodecReturnCode rc, string what, out DictionaryError? error)
    {
        bool tooSmall = rc == CodecReturnCode.BufferTooSmall;
        error = new DictionaryError(encoder, 0, tooSmall ? $"buffer too small for {what}" : $"encoding {what} failed: {rc}");
        return tooSmall ? rc : CodecReturnCode.Failure;
    }
}
