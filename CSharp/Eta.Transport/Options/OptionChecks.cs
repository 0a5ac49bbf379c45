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

    public static void ComponentVersion(string value, string name)
    {
        if (value.Length > RipcLimits.MaxComponentVersionLength)
            throw new ArgumentException($"{name} is {value.Length} characters; at most {RipcLimits.MaxComponentVersionLength} fit in the handshake.", name);
    }
}
