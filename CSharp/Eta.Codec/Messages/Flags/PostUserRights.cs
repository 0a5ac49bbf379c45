namespace Eta.Codec;

/// <summary>What a post's user may do with the item (RSSL_PSUR_*), carried by a Post message.</summary>
[Flags]
public enum PostUserRights : ushort
{
    None = 0,
    Create = 0x01,
    Delete = 0x02,
    ModifyPermission = 0x04,
}
