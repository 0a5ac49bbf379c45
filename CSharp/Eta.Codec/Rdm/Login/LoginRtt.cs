namespace Eta.Codec.Rdm;

/// <summary>
/// The login round-trip-latency (RTT) message: a Generic message on the login stream whose payload is an element
/// list of UINTs. The provider sends it with its current <see cref="Ticks"/> (ProviderDriven set); the consumer
/// sends it straight back; the provider then knows the round trip and may report it in
/// <see cref="RoundTripLatency"/> next time. A plain struct: encoding and decoding allocate nothing.
/// <code>
/// Generic, domain Login, flags ProviderDriven, container ElementList
///   "Ticks"            UInt  sender's clock, in its own unit
///   "RoundTripLatency" UInt  last measured round trip (optional)
///   "TcpRetrans"       UInt  TCP retransmissions seen (optional)
/// </code>
/// </summary>
public struct LoginRtt
{
    public int StreamId;
    public ulong Ticks;
    public ulong? RoundTripLatency;
    public ulong? TcpRetransmissions;
    public bool ProviderDriven;

    /// <summary>True when <paramref name="msg"/> is a login RTT message (Generic, login domain, element list).</summary>
    public static bool Matches(scoped in Msg msg) =>
        msg.MsgClass == MsgClass.Generic && msg.DomainType == DomainTypes.Login && msg.ContainerType == DataTypes.ElementList;

    /// <summary>Encodes the whole message at the encoder's position.</summary>
    public readonly CodecReturnCode Encode(ref RwfEncoder encoder)
    {
        Msg msg = Msg.Create(MsgClass.Generic, DomainTypes.Login, StreamId, DataTypes.ElementList);
        if (ProviderDriven)
            msg.GenericFlags = GenericMsgFlags.ProviderDriven;
        return RdmEncoding.EncodeWithPayload(ref encoder, msg, this, static (ref RwfEncoder e, LoginRtt rtt) => rtt.EncodeElements(ref e));
    }

    private readonly CodecReturnCode EncodeElements(ref RwfEncoder encoder)
    {
        CodecReturnCode rc = encoder.ElementListInit();
        if (rc == CodecReturnCode.Success)
            rc = encoder.ElementEntry(ElementNames.Ticks, new UInt(Ticks));
        if (rc == CodecReturnCode.Success && RoundTripLatency is { } latency)
            rc = encoder.ElementEntry(ElementNames.RoundTripLatency, new UInt(latency));
        if (rc == CodecReturnCode.Success && TcpRetransmissions is { } retransmissions)
            rc = encoder.ElementEntry(ElementNames.TcpRetrans, new UInt(retransmissions));
        return rc == CodecReturnCode.Success ? encoder.ElementListComplete(success: true) : rc;
    }

    /// <summary>Fills this value from a decoded RTT message (Failure when it is something else).</summary>
    public CodecReturnCode Decode(scoped in Msg msg)
    {
        if (!Matches(msg))
            return CodecReturnCode.Failure;
        this = new LoginRtt
        {
            StreamId = msg.StreamId,
            ProviderDriven = (msg.GenericFlags & GenericMsgFlags.ProviderDriven) != 0,
        };
        CodecReturnCode rc = ElementListDecoder.Decode(msg.EncodedDataBody, out ElementListDecoder elements);
        while (rc == CodecReturnCode.Success && (rc = elements.Next(out ElementEntry entry)) == CodecReturnCode.Success)
        {
            ulong value = 0;
            if (entry.NameIs(ElementNames.Ticks))
                rc = RdmElementReader.UInt(entry, out Ticks);
            else if (entry.NameIs(ElementNames.RoundTripLatency) && (rc = RdmElementReader.UInt(entry, out value)) == CodecReturnCode.Success)
                RoundTripLatency = value;
            else if (entry.NameIs(ElementNames.TcpRetrans) && (rc = RdmElementReader.UInt(entry, out value)) == CodecReturnCode.Success)
                TcpRetransmissions = value;
        }
        return rc == CodecReturnCode.EndOfContainer ? CodecReturnCode.Success : rc;
    }
}
