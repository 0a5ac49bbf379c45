namespace Eta.Codec.Rdm;

/// <summary>Values of the login "Role" attribute.</summary>
public static class LoginRoles
{
    public const ulong Consumer = 0;
    public const ulong Provider = 1;
}
