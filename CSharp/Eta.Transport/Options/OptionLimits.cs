namespace Eta.Transport;

/// <summary>
/// The ranges <see cref="BindOptions"/> and <see cref="ConnectOptions"/> accept, public so that a tool can refuse a
/// bad value on its command line instead of failing when it binds or connects.
/// </summary>
public static class OptionLimits
{
    public const int MaxOutputBuffers = 1_000_000;

    public const int MaxInputBuffers = 100_000;

    public const int MaxSharedPoolSize = 10_000_000;

    public const int MinFragmentSize = RipcLimits.MinFragmentSize;

    public const int MaxFragmentSize = RipcLimits.MaxFragmentSize;

    /// <summary>The ping timeout travels in one byte of the handshake.</summary>
    public const int MaxPingTimeout = byte.MaxValue;

    public const int MaxCompressionLevel = 9;
}
