using Xunit;

namespace Eta.Codec.Tests.Messages;

/// <summary>Member-by-member comparison of two messages (spans by content).</summary>
internal static class MsgAssert
{
    public static void Equal(scoped in Msg expected, scoped in Msg actual)
    {
        Assert.Equal(expected.MsgClass, actual.MsgClass);
        Assert.Equal(expected.DomainType, actual.DomainType);
        Assert.Equal(expected.StreamId, actual.StreamId);
        Assert.Equal(expected.ContainerType, actual.ContainerType);
        Assert.Equal(expected.Flags, actual.Flags);
        KeyEqual(expected.Key, actual.Key);
        KeyEqual(expected.ReqKey, actual.ReqKey);
        Bytes(expected.ExtendedHeader, actual.ExtendedHeader, "extended header");
        Bytes(expected.PermData, actual.PermData, "perm data");
        Bytes(expected.GroupId, actual.GroupId, "group id");
        Assert.Equal(expected.SeqNum, actual.SeqNum);
        Assert.Equal(expected.SecondarySeqNum, actual.SecondarySeqNum);
        Assert.Equal(expected.PartNum, actual.PartNum);
        Assert.Equal(expected.UpdateType, actual.UpdateType);
        Assert.Equal(expected.ConflationCount, actual.ConflationCount);
        Assert.Equal(expected.ConflationTime, actual.ConflationTime);
        Assert.Equal(expected.PriorityClass, actual.PriorityClass);
        Assert.Equal(expected.PriorityCount, actual.PriorityCount);
        Assert.Equal(expected.Qos, actual.Qos);
        Assert.Equal(expected.WorstQos, actual.WorstQos);
        StateEqual(expected.State, actual.State);
        Assert.Equal(expected.PostUserInfo, actual.PostUserInfo);
        Assert.Equal(expected.PostId, actual.PostId);
        Assert.Equal(expected.PostUserRights, actual.PostUserRights);
        Assert.Equal(expected.AckId, actual.AckId);
        Assert.Equal(expected.NakCode, actual.NakCode);
        Bytes(expected.Text, actual.Text, "ack text");
    }

    public static void KeyEqual(scoped in MsgKey expected, scoped in MsgKey actual)
    {
        Assert.Equal(expected.Flags, actual.Flags);
        Assert.Equal(expected.ServiceId, actual.ServiceId);
        Bytes(expected.Name, actual.Name, "key name");
        Assert.Equal(expected.NameType, actual.NameType);
        Assert.Equal(expected.Filter, actual.Filter);
        Assert.Equal(expected.Identifier, actual.Identifier);
        Assert.Equal(expected.AttribContainerType, actual.AttribContainerType);
        Bytes(expected.EncodedAttrib, actual.EncodedAttrib, "key attribute");
    }

    public static void StateEqual(scoped in State expected, scoped in State actual)
    {
        Assert.Equal(expected.StreamState, actual.StreamState);
        Assert.Equal(expected.DataState, actual.DataState);
        Assert.Equal(expected.Code, actual.Code);
        Bytes(expected.Text, actual.Text, "state text");
    }

    public static void Bytes(scoped ReadOnlySpan<byte> expected, scoped ReadOnlySpan<byte> actual, string what)
    {
        if (!expected.SequenceEqual(actual))
            Assert.Fail($"{what}: expected {Convert.ToHexString(expected)}, got {Convert.ToHexString(actual)}");
    }
}
