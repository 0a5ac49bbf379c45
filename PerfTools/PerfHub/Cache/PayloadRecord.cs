namespace PerfTools.PerfHub.Cache;

/// <summary>
/// The cached image of an item whose payload is not a field list (a map, a series, an element list, opaque data...):
/// the last complete single-part refresh's payload, kept as received. Updates to such an item are fanned out but not
/// applied here, so an image from the cache is the last refresh, not the refresh plus the updates since.
/// The buffer is reused across refreshes and grows only when a larger payload comes.
/// </summary>
internal sealed class PayloadRecord
{
    private byte[] _bytes = [];

    /// <summary>The RWF container type of <see cref="Payload"/> (<c>DataTypes</c>).</summary>
    public int ContainerType { get; private set; }

    public int Length { get; private set; }

    public ReadOnlySpan<byte> Payload => _bytes.AsSpan(0, Length);

    public void Set(int containerType, ReadOnlySpan<byte> payload)
    {
        if (payload.Length > _bytes.Length)
            _bytes = new byte[payload.Length];
        payload.CopyTo(_bytes);
        Length = payload.Length;
        ContainerType = containerType;
    }
}
