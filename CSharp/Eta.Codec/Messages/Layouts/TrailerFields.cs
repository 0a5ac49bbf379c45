namespace Eta.Codec;

/// <summary>
/// Members written after the extended header (post user info, part number, post user rights). Older peers may
/// not send them even when the flag is set, so a reader takes them only when the header still has room and
/// otherwise clears the flag, as ETA does.
/// </summary>
internal static class TrailerFields
{
    private const int PostUserInfoSize = 8;

    public static void WritePostUserInfo(ref HeaderWriter w, PostUserInfo info)
    {
        w.UInt32(info.UserAddress);
        w.UInt32(info.UserId);
    }

    public static PostUserInfo ReadPostUserInfo(scoped ref HeaderReader r) => new(r.UInt32(), r.UInt32());

    /// <summary>False when the flag is set but the header has no room left for the member.</summary>
    public static bool TryReadPostUserInfo(scoped ref HeaderReader r, ushort flags, ushort flag, scoped ref Msg msg)
    {
        if ((flags & flag) == 0)
            return true;
        if (r.Remaining < PostUserInfoSize)
            return false;
        msg.PostUserInfo = ReadPostUserInfo(ref r);
        return true;
    }

    /// <summary>False when the flag is set but the header has no room left for the member.</summary>
    public static bool TryReadU15rb(scoped ref HeaderReader r, ushort flags, ushort flag, out int value)
    {
        value = 0;
        if ((flags & flag) == 0)
            return true;
        if (r.Remaining == 0)
            return false;
        value = r.U15rb();
        return true;
    }
}
