using System.Text;

namespace PerfTools.Common.Omm;

/// <summary>
/// The name in an RWF message key (an item, a login's user name): at most 255 bytes (a 1-byte length) of its UTF-8
/// form, the bytes LSEG's tools put on the wire as they were given. Checked where a name comes in (an item list, an
/// option), so that one too long is refused there, not found when the request cannot be encoded.
/// </summary>
public static class MessageKeyName
{
    public const int MaxBytes = byte.MaxValue;

    public static int ByteCount(string name) => Encoding.UTF8.GetByteCount(name);

    public static bool Fits(string name) => ByteCount(name) <= MaxBytes;

    /// <summary>"is N bytes long (UTF-8); a message key holds at most 255".</summary>
    public static string TooLong(string name) =>
        $"is {ByteCount(name)} bytes long (UTF-8); a message key holds at most {MaxBytes}";
}
