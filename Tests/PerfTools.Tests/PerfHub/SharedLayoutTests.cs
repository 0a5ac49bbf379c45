using Eta.Codec;
using Eta.Codec.Rdm;
using PerfTools.PerfHub.Cache;
using PerfTools.PerfHub.Network;
using PerfTools.PerfHub.Options;
using PerfTools.PerfHub.Routing;
using PerfTools.PerfHub.Run;
using Xunit;

namespace PerfTools.Tests.PerfHub;

/// <summary>
/// The cache's images with their field layouts shared between items of one shape: each item must still hold only its
/// own values, whatever another item of its shape did (widened a slot, added a field), and a consumer that asks late
/// must get every update applied. Checked against a model of the image kept by the test from the raw field values.
/// </summary>
public sealed class SharedLayoutTests
{
    private const int ServiceId = 1;
    private static readonly short[] Shape = [22, 25, 3, 30];

    [Fact]
    public void Items_of_one_shape_share_one_layout_and_keep_their_own_values_when_one_of_them_widens_or_grows()
    {
        var layouts = new FieldLayouts();
        var first = new FieldRecord(layouts);
        var second = new FieldRecord(layouts);
        byte[] firstRefresh = FieldList((22, [0x0C, 0x01]), (25, [0x0C, 0x02]), (3, "ABC"u8.ToArray()), (30, [0x05]));
        byte[] secondRefresh = FieldList((22, [0x0C, 0x11]), (25, [0x0C, 0x12]), (3, "XYZ"u8.ToArray()), (30, [0x06]));
        Assert.Equal(CodecReturnCode.Success, first.Apply(firstRefresh));
        Assert.Equal(CodecReturnCode.Success, second.Apply(secondRefresh));
        Assert.Equal(1, layouts.FamilyCount);

        // The first item's name outgrows its slot and it gains a field; the second one's image must not change.
        byte[] wideName = Enumerable.Repeat((byte)'W', 40).ToArray();
        Assert.Equal(CodecReturnCode.Success, first.ApplyUpdate(FieldList((3, wideName), (3902, [0x01, 0x02, 0x03]))));
        Assert.Equal(secondRefresh, Encode(second));
        Assert.Equal(FieldList((22, [0x0C, 0x01]), (25, [0x0C, 0x02]), (3, wideName), (30, [0x05]), (3902, [0x01, 0x02, 0x03])), Encode(first));

        // The second item, still on its narrower layout, takes a short value in place and a wide one by moving too.
        Assert.Equal(CodecReturnCode.Success, second.ApplyUpdate(FieldList((30, [0x07]))));
        Assert.Equal(CodecReturnCode.Success, second.ApplyUpdate(FieldList((25, Enumerable.Repeat((byte)0x33, 300).ToArray()))));
        Assert.Equal(FieldList((22, [0x0C, 0x11]), (25, Enumerable.Repeat((byte)0x33, 300).ToArray()), (3, "XYZ"u8.ToArray()), (30, [0x07])),
            Encode(second));
    }

    [Fact]
    public void The_slots_of_the_fields_updates_carry_come_first_and_the_image_keeps_its_order()
    {
        var layouts = new FieldLayouts();
        var updated = new FieldRecord(layouts);
        var other = new FieldRecord(layouts);
        byte[] refresh = FieldList((22, [0x0C, 0x01]), (25, [0x0C, 0x02]), (3, "ABC"u8.ToArray()), (30, [0x05]));
        updated.Apply(refresh);
        other.Apply(refresh);
        Assert.Equal(0, updated.Layout.HotLength);

        Assert.Equal(CodecReturnCode.Success, updated.ApplyUpdate(FieldList((30, [0x06]), (3, "XYZ"u8.ToArray()))));

        FieldLayout layout = updated.Layout;
        int hotEnd = layout.HotLength;
        Assert.Equal(1 + FieldLayouts.CapacityFor(3) + 1 + FieldLayouts.CapacityFor(1), hotEnd);
        Assert.All(new[] { 2, 3 }, i => Assert.True(layout.Offsets[i] < hotEnd));
        Assert.All(new[] { 0, 1 }, i => Assert.True(layout.Offsets[i] >= hotEnd));
        Assert.Equal(FieldList((22, [0x0C, 0x01]), (25, [0x0C, 0x02]), (3, "XYZ"u8.ToArray()), (30, [0x06])), Encode(updated));

        // The other item of the shape moves to the hot order on its next update, its values intact.
        Assert.Equal(CodecReturnCode.Success, other.ApplyUpdate(FieldList((22, [0x0C, 0x09]))));
        Assert.Equal(3, other.Layout.HotCount);
        Assert.True(other.Layout.Offsets[0] < other.Layout.HotLength && other.Layout.Offsets[1] >= other.Layout.HotLength);
        Assert.Equal(FieldList((22, [0x0C, 0x09]), (25, [0x0C, 0x02]), (3, "ABC"u8.ToArray()), (30, [0x05])), Encode(other));
    }

    [Fact]
    public void A_refresh_repeating_a_fid_keeps_one_entry_with_the_last_value()
    {
        var record = new FieldRecord();
        Assert.Equal(CodecReturnCode.Success, record.Apply(FieldList((22, [0x0C, 0x01]), (25, [0x0C, 0x02]), (22, [0x0C, 0x03]))));
        Assert.Equal(FieldList((22, [0x0C, 0x03]), (25, [0x0C, 0x02])), Encode(record));
    }

    [Fact]
    public void A_late_consumers_images_show_every_update_applied()
    {
        const int Items = 50;
        var router = new HubRouter(new HubState(new PerfHubOptions(), _ => { }));
        var batch = new SourceBatch(router);
        (Peer provider, _) = FakeOutput.Connect(router, ChannelRole.NiProvider);
        router.OnMessage(provider, Wire.Login(1, LoginRoles.Provider));
        router.OnMessage(provider, Wire.Directory(-1, ServiceId, "NI_PUB", solicited: false));
        var random = new Random(11);
        var model = new List<(short Fid, byte[] Value)>[Items];
        for (int i = 0; i < Items; i++)
        {
            model[i] = [.. Shape.Select(fid => (fid, Value(random, 1 + random.Next(6))))];
            router.OnMessage(provider, Refresh(-(i + 1), $"ITEM{i}", model[i]));
        }
        // Updates of random fields of the shape (and now and then a field the image lacks) with values of random
        // lengths, from empty past the long-length form, read in batches as the loop does.
        short[] extra = [3902, 3903];
        for (int n = 0; n < 3000; n++)
        {
            int item = random.Next(Items);
            var fields = new List<(short Fid, byte[] Value)>();
            foreach (short fid in Shape.Concat(extra).OrderBy(_ => random.Next()).Take(1 + random.Next(4)))
            {
                if (Array.IndexOf(extra, fid) >= 0 && random.Next(10) != 0)
                    continue;
                int length = random.Next(20) == 0 ? 250 + random.Next(100) : random.Next(12);
                fields.Add((fid, Value(random, length)));
            }
            foreach ((short fid, byte[] value) in fields)
            {
                int at = model[item].FindIndex(f => f.Fid == fid);
                if (at >= 0)
                    model[item][at] = (fid, value);
                else
                    model[item].Add((fid, value));
            }
            Assert.True(batch.Add(provider, Update(-(item + 1), fields)));
        }
        Assert.True(batch.Handle());
        Assert.Null(provider.CloseRequest);

        (Peer consumer, FakeOutput toConsumer) = FakeOutput.Connect(router, ChannelRole.Consumer);
        router.OnMessage(consumer, Wire.Login(1, LoginRoles.Consumer));
        for (int i = 0; i < Items; i++)
        {
            toConsumer.Clear();
            router.OnMessage(consumer, Wire.ItemRequest(100 + i, ServiceId, $"ITEM{i}"));
            byte[] image = Assert.Single(toConsumer.Sent);
            Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(image, out Msg refresh));
            Assert.Equal(MsgClass.Refresh, refresh.MsgClass);
            Assert.Equal(FieldList([.. model[i]]), refresh.EncodedDataBody.ToArray());
        }
    }

    internal static byte[] Value(Random random, int length)
    {
        byte[] value = new byte[length];
        random.NextBytes(value);
        return value;
    }

    internal static byte[] Refresh(int streamId, string name, List<(short Fid, byte[] Value)> fields) => Wire.Encode((ref RwfEncoder e) =>
        Fields(ref e, Wire.RefreshHeader(streamId, ServiceId, name), fields));

    internal static byte[] Update(int streamId, List<(short Fid, byte[] Value)> fields) => Wire.Encode((ref RwfEncoder e) =>
        Fields(ref e, Msg.Create(MsgClass.Update, DomainTypes.MarketPrice, streamId, DataTypes.FieldList), fields));

    private static CodecReturnCode Fields(ref RwfEncoder e, in Msg msg, List<(short Fid, byte[] Value)> fields)
    {
        MsgEncoder.EncodeInit(ref e, msg, out MsgEncodeState state);
        e.FieldListInit();
        foreach ((short fid, byte[] value) in fields)
            e.FieldEntry(fid, value);
        e.FieldListComplete(true);
        return MsgEncoder.EncodeComplete(ref e, ref state, true);
    }

    // A field list of standard entries as RWF lays it out: u8 flags 0x08, u16 count, then i16 fid, u16ob length, value.
    internal static byte[] FieldList(params (short Fid, byte[] Value)[] fields)
    {
        var bytes = new List<byte> { 0x08, (byte)(fields.Length >> 8), (byte)fields.Length };
        foreach ((short fid, byte[] value) in fields)
        {
            bytes.Add((byte)(fid >> 8));
            bytes.Add((byte)fid);
            if (value.Length < 0xFE)
                bytes.Add((byte)value.Length);
            else
                bytes.AddRange([0xFE, (byte)(value.Length >> 8), (byte)value.Length]);
            bytes.AddRange(value);
        }
        return [.. bytes];
    }

    private static byte[] Encode(FieldRecord record)
    {
        byte[] buffer = new byte[record.MaxEncodedLength];
        var encoder = new RwfEncoder(buffer);
        Assert.Equal(CodecReturnCode.Success, record.Encode(ref encoder));
        return buffer[..encoder.Position];
    }
}
