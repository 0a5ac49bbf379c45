namespace Eta.Transport;

/// <summary>Range checks shared by the options records; failures name the option and the bad value.</summary>
internal static class OptionChecks
{
    public static void InRange(int value, int min, int max, string name)
    {
        if (value < min || value > max)
            throw new ArgumentOutOfRangeException(name, value, $"{name} must be between {min} and {max}, got {value}.");
    }

    public static void Defined<TEnum>(TEnum value, string name) where TEnum : struct, Enum
    {
        if (!Enum.IsDefined(value))
            throw new ArgumentOutOfRangeException(name, value, $"{name} has no value {value}.");
    }

    private static void ComponentVersion(string value, string name)
    {
        if (value.Length > RipcLimits.MaxComponentVersionLength)
            throw new ArgumentException($"{name} is {value.Length} characters; at most {RipcLimits.MaxComponentVersionLength} fit in the handshake.", name);
    }

    /// <summary>The socket settings a server and a client both take: buffer sizes and timeouts, 0 for the default.</summary>
    public static void SocketSettings(int sysSendBufSize, int sysRecvBufSize, int sendTimeoutMs, int receiveTimeoutMs)
    {
        InRange(sysSendBufSize, 0, int.MaxValue, nameof(ConnectOptions.SysSendBufSize));
        InRange(sysRecvBufSize, 0, int.MaxValue, nameof(ConnectOptions.SysRecvBufSize));
        InRange(sendTimeoutMs, 0, int.MaxValue, nameof(ConnectOptions.SendTimeoutMs));
        InRange(receiveTimeoutMs, 0, int.MaxValue, nameof(ConnectOptions.ReceiveTimeoutMs));
    }

    /// <summary>What a server and a client both announce in, or allow for, the RIPC handshake.</summary>
    public static void Handshake(int protocolType, int majorVersion, int minorVersion, int initializationTimeout, string componentVersion)
    {
        InRange(protocolType, 0, 255, nameof(ConnectOptions.ProtocolType));
        InRange(majorVersion, 0, 255, nameof(ConnectOptions.MajorVersion));
        InRange(minorVersion, 0, 255, nameof(ConnectOptions.MinorVersion));
        InRange(initializationTimeout, 1, 3600, nameof(ConnectOptions.InitializationTimeout));
        ComponentVersion(componentVersion, nameof(ConnectOptions.ComponentVersion));
    }
}
