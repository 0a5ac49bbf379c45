namespace PerfTools.Common.Provider;

/// <summary>What identifies an item within a connection: its name (as Latin-1 text) and service id.</summary>
public readonly record struct ItemKey(string Name, int ServiceId)
{
    public static ItemKey From(ReadOnlySpan<byte> name, int serviceId) =>
        new(System.Text.Encoding.Latin1.GetString(name), serviceId);
}
