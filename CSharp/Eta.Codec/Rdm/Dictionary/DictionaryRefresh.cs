namespace Eta.Codec.Rdm;

/// <summary>
/// One part of a dictionary download: a Refresh on the Dictionary domain whose payload is a series of
/// dictionary entries (encoded and decoded by the dictionary code, not here). The first part's series summary
/// names the dictionary type and version; the last part carries RefreshComplete.
/// <code>
/// Refresh, domain Dictionary, flags HasMsgKey [Solicited] [ClearCache] [RefreshComplete] [HasSeqNum], Series
///   state, key: serviceId, name (e.g. "RWFFld"), filter = verbosity
///   Series summary (first part): ElementList Type UInt, Version ASCII, [DictionaryId Int]
/// </code>
/// </summary>
public sealed class DictionaryRefresh
{
    public int StreamId { get; set; } = 3;
    public int ServiceId { get; set; }
    public string DictionaryName { get; set; } = DictionaryNames.Field;
    public DictionaryVerbosity Verbosity { get; set; } = DictionaryVerbosity.Normal;
    public RdmState State { get; set; } = RdmState.OpenOk("");
    public bool Solicited { get; set; } = true;
    public bool ClearCache { get; set; }
    public uint? SeqNum { get; set; }

    /// <summary>After decoding: this part completes the dictionary.</summary>
    public bool IsComplete { get; private set; }

    /// <summary>After decoding a part with summary data: <see cref="DictionaryTypes"/>, version, dictionary id.</summary>
    public ulong? DictionaryType { get; private set; }
    public string? Version { get; private set; }
    public long? DictionaryId { get; private set; }

    /// <summary>
    /// Encodes the header; the caller then encodes the dictionary series in place and calls
    /// <see cref="EncodeComplete"/>. Returns EncodeContainer on success.
    /// </summary>
    public CodecReturnCode EncodeInit(ref RwfEncoder encoder, out MsgEncodeState state)
    {
        state = default;
        byte[] name = RdmText.ToArray(DictionaryName);
        if (name.Length is 0 or > byte.MaxValue)
            return CodecReturnCode.InvalidArgument;

        Msg msg = Msg.Create(MsgClass.Refresh, DomainTypes.Dictionary, StreamId, DataTypes.Series);
        msg.RefreshFlags = RefreshMsgFlags.HasMsgKey
            | (Solicited ? RefreshMsgFlags.Solicited : 0)
            | (ClearCache ? RefreshMsgFlags.ClearCache : 0)
            | (SeqNum.HasValue ? RefreshMsgFlags.HasSeqNum : 0);
        msg.SeqNum = SeqNum ?? 0;
        msg.State = State.ToState();
        msg.Key = new MsgKey
        {
            Flags = MsgKeyFlags.HasServiceId | MsgKeyFlags.HasName | MsgKeyFlags.HasFilter,
            ServiceId = ServiceId,
            Name = name,
            Filter = (uint)Verbosity,
        };
        return MsgEncoder.EncodeInit(ref encoder, msg, out state);
    }

    /// <summary>
    /// Finishes a part after its series was encoded; <paramref name="lastPart"/> sets RefreshComplete in the
    /// already written header (as ETA does once the dictionary encoder reports it is done).
    /// </summary>
    public static CodecReturnCode EncodeComplete(ref RwfEncoder encoder, ref MsgEncodeState state, bool lastPart)
    {
        if (lastPart && state.AwaitingPayload)
        {
            CodecReturnCode rc = MsgPatch.SetRefreshFlag(encoder.Writer.Buffer[state.MessageStart..], RefreshMsgFlags.RefreshComplete, on: true);
            if (rc != CodecReturnCode.Success)
            {
                MsgEncoder.EncodeComplete(ref encoder, ref state, success: false);
                return rc;
            }
        }
        return MsgEncoder.EncodeComplete(ref encoder, ref state, success: true);
    }

    /// <summary>Fills this object from a decoded dictionary refresh part (Failure when it is something else).</summary>
    public CodecReturnCode Decode(scoped in Msg msg)
    {
        if (!RdmRefresh.TryRead(msg, DomainTypes.Dictionary, out RdmState state, out bool solicited, out bool clearCache))
            return CodecReturnCode.Failure;
        MsgKey key = msg.Key;
        if ((msg.RefreshFlags & RefreshMsgFlags.HasMsgKey) == 0 || !key.HasName || !key.HasServiceId || !key.HasFilter)
            return CodecReturnCode.Failure;
        StreamId = msg.StreamId;
        State = state;
        Solicited = solicited;
        ClearCache = clearCache;
        IsComplete = (msg.RefreshFlags & RefreshMsgFlags.RefreshComplete) != 0;
        SeqNum = (msg.RefreshFlags & RefreshMsgFlags.HasSeqNum) != 0 ? msg.SeqNum : null;
        ServiceId = key.ServiceId;
        DictionaryName = RdmText.FromBytes(key.Name);
        Verbosity = (DictionaryVerbosity)key.Filter;
        DictionaryType = null;
        Version = null;
        DictionaryId = null;
        return msg.ContainerType == DataTypes.Series ? DecodeSummary(msg.EncodedDataBody) : CodecReturnCode.InvalidData;
    }

    private CodecReturnCode DecodeSummary(ReadOnlySpan<byte> payload)
    {
        CodecReturnCode rc = SeriesDecoder.Decode(payload, out SeriesDecoder series);
        if (rc != CodecReturnCode.Success || !series.Flags.HasFlag(SeriesFlags.HasSummaryData))
            return rc == CodecReturnCode.NoData ? CodecReturnCode.Success : rc;
        rc = ElementListDecoder.Decode(series.EncodedSummaryData, out ElementListDecoder summary);
        while (rc == CodecReturnCode.Success && (rc = summary.Next(out ElementEntry e)) == CodecReturnCode.Success)
        {
            if (e.NameIs(ElementNames.Type) && (rc = RdmElementReader.UInt(e, out ulong type)) == CodecReturnCode.Success)
                DictionaryType = type;
            else if (e.NameIs(ElementNames.Version) && (rc = RdmElementReader.Text(e, out string version)) == CodecReturnCode.Success)
                Version = version;
            else if (e.NameIs(ElementNames.DictionaryId) && (rc = e.Decode(out Int id)) is CodecReturnCode.Success or CodecReturnCode.BlankData)
            {
                DictionaryId = id.Value;
                rc = CodecReturnCode.Success;
            }
        }
        if (rc != CodecReturnCode.EndOfContainer)
            return rc;
        // ETA requires both Type and Version in a summary.
        return DictionaryType.HasValue && Version is not null ? CodecReturnCode.Success : CodecReturnCode.InvalidData;
    }
}
