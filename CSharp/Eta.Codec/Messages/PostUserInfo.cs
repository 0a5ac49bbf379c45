namespace Eta.Codec;

/// <summary>Who posted the content: the poster's IPv4 address (as a 32-bit number) and user id.</summary>
public readonly record struct PostUserInfo(uint UserAddress, uint UserId);
