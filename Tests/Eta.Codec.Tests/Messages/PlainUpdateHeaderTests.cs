using Xunit;

namespace Eta.Codec.Tests.Messages;

/// <summary>
/// Update headers with no optional member but the sequence number are written in one step
/// (<see cref="PlainUpdateHeader"/>); every other header member by member through the class's layout, which
/// <see cref="EncoderVectorTests"/> holds to LSEG's vectors. Both must give the same bytes, return codes and state.
/// </summary>
public class PlainUpdateHeaderTests
{
    private static readonly UpdateMsgFlags[] s_flagSets =
    [
        UpdateMsgFlags.None,
        UpdateMsgFlags.HasSeqNum,
        UpdateMsgFlags.DoNotCache | UpdateMsgFlags.DoNotConflate,
        UpdateMsgFlags.HasSeqNum | UpdateMsgFlags.DoNotRipple,                       // flags >= 0x80: 2-byte u15rb
        UpdateMsgFlags.Discardable | UpdateMsgFlags.DoNotCache | UpdateMsgFlags.HasSeqNum,
        UpdateMsgFlags.HasPermData,                                                  // empty member: dropped from the wire
        UpdateMsgFlags.HasConfInfo | UpdateMsgFlags.HasSeqNum,                       // zero conflation: dropped too
        UpdateMsgFlags.HasPostUserInfo,                                              // members: the layout path
        UpdateMsgFlags.HasExtendedHeader,
        UpdateMsgFlags.HasMsgKey | UpdateMsgFlags.HasSeqNum,
    ];

    private static readonly int[] s_containerTypes =
        [DataTypes.NoData, DataTypes.FieldList, DataTypes.ElementList, DataTypes.Map, DataTypes.Msg, DataTypes.Json, DataTypes.Real];

    [Fact]
    public void OneStepHeader_MatchesTheLayoutPath_ForEveryFlagSetContainerAndBufferSize()
    {
        byte[] ext = [0xAA, 0xBB];
        int compared = 0;
        foreach (UpdateMsgFlags flags in s_flagSets)
        {
            foreach (int containerType in s_containerTypes)
            {
                foreach (int streamId in (int[])[0, 5, -1, int.MaxValue, int.MinValue])
                {
                    for (int size = 0; size <= 40; size++)
                    {
                        Msg msg = Msg.Create(MsgClass.Update, (byte)(streamId & 0xFF), streamId, containerType);
                        msg.UpdateFlags = flags;
                        msg.UpdateType = (byte)(size * 7);
                        msg.SeqNum = 0xFEDCBA98u - (uint)size;
                        msg.ExtendedHeader = ext;
                        msg.PostUserInfo = new PostUserInfo(0x7F000001, 42);
                        msg.Key.Flags = MsgKeyFlags.HasServiceId;
                        msg.Key.ServiceId = 1;
                        byte[] fast = new byte[size], general = new byte[size];
                        var fastWriter = new RwfWriter(fast);
                        var generalWriter = new RwfWriter(general);
                        CodecReturnCode fastRc = MsgEncoder.EncodeInit(ref fastWriter, msg, out MsgEncodeState fastState);
                        CodecReturnCode generalRc = MsgEncoder.EncodeInitByLayout(ref generalWriter, msg, out MsgEncodeState generalState);
                        string what = $"{flags}, container {containerType}, stream {streamId}, {size}-byte buffer";
                        Assert.True(fastRc == generalRc, $"{what}: {fastRc} vs {generalRc}");
                        MsgAssert.Bytes(generalWriter.Written, fastWriter.Written, what);
                        Assert.Equal(generalState.AwaitingPayload, fastState.AwaitingPayload);
                        Assert.Equal(generalState.MessageStart, fastState.MessageStart);
                        if (fastState.AwaitingPayload)
                        {
                            // The payload then completes or rolls back the same way.
                            Assert.Equal(CodecReturnCode.Success, MsgEncoder.EncodeComplete(ref fastWriter, ref fastState, success: false));
                            Assert.Equal(0, fastWriter.Position);
                        }
                        compared++;
                    }
                }
            }
        }
        Assert.Equal(s_flagSets.Length * s_containerTypes.Length * 5 * 41, compared);
    }

    [Fact]
    public void UpdateInitFromMembers_MatchesEncodeInitOfTheSameMsg_OrRefusesMembers()
    {
        UpdateMsgFlags[] members = [UpdateMsgFlags.HasMsgKey, UpdateMsgFlags.HasExtendedHeader, UpdateMsgFlags.HasPermData,
            UpdateMsgFlags.HasConfInfo, UpdateMsgFlags.HasPostUserInfo];
        foreach (UpdateMsgFlags flags in s_flagSets)
        {
            foreach (int containerType in s_containerTypes)
            {
                for (int size = 0; size <= 20; size++)
                {
                    Msg msg = Msg.Create(MsgClass.Update, 6, 77, containerType);
                    msg.UpdateFlags = flags;
                    msg.UpdateType = 3;
                    msg.SeqNum = 0x01020304;
                    byte[] viaMsg = new byte[size], viaMembers = new byte[size];
                    var msgWriter = new RwfWriter(viaMsg);
                    var memberWriter = new RwfWriter(viaMembers);
                    CodecReturnCode msgRc = MsgEncoder.EncodeInit(ref msgWriter, msg, out MsgEncodeState msgState);
                    CodecReturnCode memberRc = MsgEncoder.EncodeUpdateInit(ref memberWriter, 6, 77, containerType,
                        out MsgEncodeState memberState, flags, 3, 0x01020304);
                    string what = $"{flags}, container {containerType}, {size}-byte buffer";
                    if ((flags & members.Aggregate((a, b) => a | b)) != 0 || !DataTypes.IsContainer(containerType))
                    {
                        Assert.True(memberRc == CodecReturnCode.InvalidArgument, $"{what}: {memberRc}");
                        Assert.Equal(0, memberWriter.Position);
                        continue;
                    }
                    Assert.True(msgRc == memberRc, $"{what}: {msgRc} vs {memberRc}");
                    MsgAssert.Bytes(msgWriter.Written, memberWriter.Written, what);
                    Assert.Equal(msgState.AwaitingPayload, memberState.AwaitingPayload);
                }
            }
        }
    }

    [Fact]
    public void LsegProvidersUpdate_TakesTheOneStepPath_AndReEncodesByteForByte()
    {
        byte[] captured = VectorFiles.CapturedMessage(4); // an update from LSEG's provider
        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(captured, out Msg msg));
        var writer = new RwfWriter(new byte[captured.Length + 16]);
        Assert.True(PlainUpdateHeader.TryWrite(ref writer, msg, out _));
        int headerLength = captured.Length - msg.EncodedDataBody.Length;
        MsgAssert.Bytes(captured.AsSpan(0, headerLength), writer.Written, "header of LSEG's update");
    }
}
