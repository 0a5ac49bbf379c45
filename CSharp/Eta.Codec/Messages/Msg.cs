namespace Eta.Codec;

/// <summary>
/// One OMM message of any class, as filled by the caller before encoding or by <see cref="MsgDecoder"/> after
/// decoding. Members that a class does not carry are ignored when encoding and left at their defaults when
/// decoding; <see cref="Flags"/> says which optional members are present (see the typed views such as
/// <see cref="UpdateFlags"/>). Every byte member is a span, so a decoded message points into the received
/// buffer and an encoded one reads from the caller's memory: no copies, no allocation.
/// </summary>
/// <remarks>
/// Wire header common to every class (all integers big-endian):
/// <code>
/// u16  headerSize   bytes from msgClass to the end of the header (the payload follows it)
/// u8   msgClass     (top three bits reserved)
/// u8   domainType
/// i32  streamId
/// u15rb flags       class specific
/// u8   containerType - 128
/// ...  class-specific members, described on each class's header codec
/// </code>
/// </remarks>
public ref struct Msg
{
    public MsgClass MsgClass;
    public byte DomainType;
    public int StreamId;

    /// <summary>Container type of the payload (a DataTypes value ≥ 128, NoData when there is none).</summary>
    public int ContainerType;

    /// <summary>Class-specific flags; prefer the typed views (<see cref="RequestFlags"/>, ...).</summary>
    public ushort Flags;

    /// <summary>The stream's key (always present on Request; on others when the class's HasMsgKey flag is set).</summary>
    public MsgKey Key;

    /// <summary>The key of the request being answered (Refresh, Status, Generic with HasReqMsgKey).</summary>
    public MsgKey ReqKey;

    public ReadOnlySpan<byte> ExtendedHeader;
    public ReadOnlySpan<byte> PermData;

    /// <summary>Item group (Refresh always, Status with HasGroupId).</summary>
    public ReadOnlySpan<byte> GroupId;

    public uint SeqNum;
    public uint SecondarySeqNum;

    /// <summary>Part number of a multi-part Refresh, Generic or Post (0..32767).</summary>
    public int PartNum;

    /// <summary>Update type (RDM UpdateEventTypes), Update only.</summary>
    public byte UpdateType;

    /// <summary>Conflation count (0..32767) and time (ms), Update with HasConfInfo.</summary>
    public int ConflationCount;
    public ushort ConflationTime;

    /// <summary>Request priority class and count (count 0..65535), Request with HasPriority.</summary>
    public byte PriorityClass;
    public int PriorityCount;

    public Qos Qos;
    public Qos WorstQos;

    /// <summary>Stream and data state (Refresh always, Status with HasState).</summary>
    public State State;

    public PostUserInfo PostUserInfo;
    public uint PostId;
    public PostUserRights PostUserRights;

    public uint AckId;
    public NakCode NakCode;

    /// <summary>Ack text (Ack with HasText).</summary>
    public ReadOnlySpan<byte> Text;

    /// <summary>The payload: the encoded container of type <see cref="ContainerType"/>.</summary>
    public ReadOnlySpan<byte> EncodedDataBody;

    /// <summary>After decoding: the whole message (header and payload).</summary>
    public ReadOnlySpan<byte> EncodedMsg;

    public RequestMsgFlags RequestFlags { readonly get => (RequestMsgFlags)Flags; set => Flags = (ushort)value; }
    public RefreshMsgFlags RefreshFlags { readonly get => (RefreshMsgFlags)Flags; set => Flags = (ushort)value; }
    public StatusMsgFlags StatusFlags { readonly get => (StatusMsgFlags)Flags; set => Flags = (ushort)value; }
    public UpdateMsgFlags UpdateFlags { readonly get => (UpdateMsgFlags)Flags; set => Flags = (ushort)value; }
    public CloseMsgFlags CloseFlags { readonly get => (CloseMsgFlags)Flags; set => Flags = (ushort)value; }
    public GenericMsgFlags GenericFlags { readonly get => (GenericMsgFlags)Flags; set => Flags = (ushort)value; }
    public PostMsgFlags PostFlags { readonly get => (PostMsgFlags)Flags; set => Flags = (ushort)value; }
    public AckMsgFlags AckFlags { readonly get => (AckMsgFlags)Flags; set => Flags = (ushort)value; }

    /// <summary>A message of the given class with its identity set and everything else empty.</summary>
    public static Msg Create(MsgClass msgClass, byte domainType, int streamId, int containerType = DataTypes.NoData) =>
        new()
        {
            MsgClass = msgClass,
            DomainType = domainType,
            StreamId = streamId,
            ContainerType = containerType,
        };

    /// <summary>
    /// The stream's key when this message carries one (Request always; the others when their HasMsgKey flag is
    /// set), otherwise false.
    /// </summary>
    public readonly bool HasMsgKey => MsgClass switch
    {
        MsgClass.Request => true,
        MsgClass.Refresh => (RefreshFlags & RefreshMsgFlags.HasMsgKey) != 0,
        MsgClass.Status => (StatusFlags & StatusMsgFlags.HasMsgKey) != 0,
        MsgClass.Update => (UpdateFlags & UpdateMsgFlags.HasMsgKey) != 0,
        MsgClass.Generic => (GenericFlags & GenericMsgFlags.HasMsgKey) != 0,
        MsgClass.Post => (PostFlags & PostMsgFlags.HasMsgKey) != 0,
        MsgClass.Ack => (AckFlags & AckMsgFlags.HasMsgKey) != 0,
        _ => false,
    };
}
