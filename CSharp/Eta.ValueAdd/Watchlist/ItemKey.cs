using Eta.Codec;

namespace Eta.ValueAdd.Watchlist;

/// <summary>
/// What makes two requests the same item for aggregation, as in LSEG's WlItemAggregationKey: the message key
/// (service id, name, name type, filter, identifier, attribute), the domain and the matched QoS.
/// </summary>
internal sealed class ItemKey : IEquatable<ItemKey>
{
    private ItemKey(MsgKeyFlags flags, byte[] name, byte nameType, uint filter, int identifier, int attribType, byte[] attrib)
    {
        KeyFlags = flags;
        Name = name;
        NameType = nameType;
        Filter = filter;
        Identifier = identifier;
        AttribContainerType = attribType;
        Attrib = attrib;
    }

    /// <summary>The key's flags without HasServiceId (the service is resolved apart).</summary>
    public MsgKeyFlags KeyFlags { get; }

    public byte[] Name { get; }

    public byte NameType { get; }

    public uint Filter { get; }

    public int Identifier { get; }

    public int AttribContainerType { get; }

    public byte[] Attrib { get; }

    public byte DomainType { get; private init; }

    public int ServiceId { get; private init; }

    public Qos Qos { get; private init; }

    public static ItemKey FromRequest(scoped in Msg request)
    {
        MsgKey key = request.Key;
        return new ItemKey(key.Flags & ~MsgKeyFlags.HasServiceId, key.HasName ? key.Name.ToArray() : [],
            key.HasNameType ? key.NameType : (byte)0, key.HasFilter ? key.Filter : 0, key.HasIdentifier ? key.Identifier : 0,
            key.HasAttrib ? key.AttribContainerType : 0, key.HasAttrib ? key.EncodedAttrib.ToArray() : [])
        {
            DomainType = request.DomainType,
        };
    }

    /// <summary>This key on a given service and QoS: the key of a provider stream.</summary>
    public ItemKey On(int serviceId, Qos qos) =>
        new(KeyFlags, Name, NameType, Filter, Identifier, AttribContainerType, Attrib)
        {
            DomainType = DomainType,
            ServiceId = serviceId,
            Qos = qos,
        };

    /// <summary>Fills <paramref name="key"/> with this key and the service id; its spans point into this object.</summary>
    public void WriteTo(ref MsgKey key)
    {
        key.Flags = KeyFlags | MsgKeyFlags.HasServiceId;
        key.ServiceId = ServiceId;
        key.Name = Name;
        key.NameType = NameType;
        key.Filter = Filter;
        key.Identifier = Identifier;
        key.AttribContainerType = AttribContainerType;
        key.EncodedAttrib = Attrib;
    }

    public bool SameName(scoped in MsgKey key) =>
        (key.Flags & ~MsgKeyFlags.HasServiceId) == KeyFlags
        && key.Name.SequenceEqual(Name) && (!key.HasNameType || key.NameType == NameType)
        && (!key.HasFilter || key.Filter == Filter) && (!key.HasIdentifier || key.Identifier == Identifier)
        && (!key.HasAttrib || (key.AttribContainerType == AttribContainerType && key.EncodedAttrib.SequenceEqual(Attrib)));

    public bool Equals(ItemKey? other) =>
        other is not null && DomainType == other.DomainType && ServiceId == other.ServiceId
        && QosMatch.Same(Qos, other.Qos) && KeyFlags == other.KeyFlags && NameType == other.NameType
        && Filter == other.Filter && Identifier == other.Identifier && AttribContainerType == other.AttribContainerType
        && Name.AsSpan().SequenceEqual(other.Name) && Attrib.AsSpan().SequenceEqual(other.Attrib);

    public override bool Equals(object? obj) => Equals(obj as ItemKey);

    public override int GetHashCode()
    {
        var hash = new HashCode();
        hash.Add(DomainType);
        hash.Add(ServiceId);
        hash.Add(NameType);
        hash.AddBytes(Name);
        hash.Add(Qos.Timeliness);
        hash.Add(Qos.Rate);
        return hash.ToHashCode();
    }
}
