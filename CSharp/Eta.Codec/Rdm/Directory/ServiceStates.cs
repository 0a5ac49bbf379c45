namespace Eta.Codec.Rdm;

/// <summary>Values of a service's "ServiceState" element.</summary>
public static class ServiceStates
{
    public const ulong Down = 0;
    public const ulong Up = 1;
}
