namespace Eta.Codec.Rdm;

/// <summary>How the login user name (msgKey.name) is to be read: the login key's nameType.</summary>
public static class LoginUserIdTypes
{
    public const byte Name = 1;
    public const byte EmailAddress = 2;
    public const byte Token = 3;
    public const byte Cookie = 4;
    public const byte AuthenticationToken = 5;
}
