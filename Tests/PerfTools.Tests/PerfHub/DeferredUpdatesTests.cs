using Eta.Codec;
using Eta.Codec.Rdm;
using PerfTools.PerfHub.Cache;
using PerfTools.PerfHub.Network;
using PerfTools.PerfHub.Options;
using PerfTools.PerfHub.Routing;
using PerfTools.PerfHub.Run;
using Xunit;
using static PerfTools.Tests.PerfHub.SharedLayoutTests;

namespace PerfTools.Tests.PerfHub;

/// <summary>
/// Updates are fanned out at once and merged into the cache later (<see cref="DeferredUpdates"/>): an update the
/// item's next one supersedes (the same fields) is never merged, one of other fields is merged before it, and the
/// ring's oldest kept updates are merged when it fills. Whatever was deferred, a consumer that asks late gets an image
/// with every update applied, checked against a model the test keeps from the raw values.
/// </summary>
public sealed class DeferredUpdatesTests
{
    private const int ServiceId = 1;
    private static readonly short[] Shape = [22, 25, 3, 30];
    private static readonly short[] Updated = [22, 25, 30];

    [Fact]
    public void An_update_superseded_by_the_items_next_one_is_never_merged_and_a_late_image_has_the_latest_values()
    {
        const int Items = 100, UpdatesPerItem = 10;
        var hub = new Hub(Items, seed: 3);
        for (int n = 0; n < UpdatesPerItem; n++)
        {
            for (int i = 0; i < Items; i++)
                hub.Update(i, Updated);
        }
        hub.Flush();

        DeferredUpdates deferred = hub.State.Cache.Deferred;
        Assert.Equal(Items * UpdatesPerItem, deferred.Deferred);
        Assert.Equal(Items * (UpdatesPerItem - 1), deferred.Superseded);
        Assert.Equal(0, deferred.Merged);
        Assert.Equal(Items * UpdatesPerItem, hub.Forwarded);

        hub.AssertLateImagesMatchTheModel();
        Assert.Equal(Items, deferred.Merged); // each item's last update, merged when its image was asked for
    }

    [Fact]
    public void An_update_of_other_fields_is_merged_after_the_kept_one_so_the_image_takes_them_in_order()
    {
        var hub = new Hub(items: 3, seed: 5);
        hub.Update(0, [22, 25]);
        hub.Update(0, [22]);              // 22 again, 25 from the first
        hub.Update(1, [3902, 22]);        // a field the image lacks, then one it has
        hub.Update(1, [3903]);            // another new one: appended after 3902
        hub.Update(1, [3902, 22]);
        hub.Update(2, [30]);
        hub.Post(2, [30, 3904]);          // a post merges the kept update first, then itself
        hub.Update(2, [30]);
        hub.Flush();

        hub.AssertLateImagesMatchTheModel();
    }

    [Fact]
    public void When_the_ring_fills_its_oldest_kept_updates_are_merged_and_it_grows()
    {
        // One update per item, more than a lap of the ring: the oldest are merged as it fills, then it doubles. Then
        // some items get an update of fewer fields, so what the first one wrote must have reached the image.
        int items = DeferredUpdates.InitialSlots * 2 + 1000;
        var hub = new Hub(items, seed: 7);
        for (int i = 0; i < items; i++)
            hub.Update(i * 7919 % items, Updated);
        for (int i = 0; i < items; i += 5)
            hub.Update(i, [22]);
        hub.Flush();

        DeferredUpdates deferred = hub.State.Cache.Deferred;
        Assert.True(deferred.Merged > 0, "no kept update was merged when the ring filled");
        Assert.True(deferred.Capacity > DeferredUpdates.InitialSlots, $"the ring stayed at {deferred.Capacity} slots");
        hub.AssertLateImagesMatchTheModel();
    }

    // One NI provider publishing items of one shape through the router, updates read in batches as the loop does, and
    // the test's model of each image.
    private sealed class Hub
    {
        private readonly HubRouter _router;
        private readonly SourceBatch _batch;
        private readonly Peer _provider;
        private readonly Random _random;
        private readonly List<(short Fid, byte[] Value)>[] _model;
        private readonly Peer _watcher;
        private readonly FakeOutput _watched;

        public Hub(int items, int seed)
        {
            State = new HubState(new PerfHubOptions(), _ => { });
            _router = new HubRouter(State);
            _batch = new SourceBatch(_router);
            _random = new Random(seed);
            (_provider, _) = FakeOutput.Connect(_router, ChannelRole.NiProvider);
            _router.OnMessage(_provider, Wire.Login(1, LoginRoles.Provider));
            _router.OnMessage(_provider, Wire.Directory(-1, ServiceId, "NI_PUB", solicited: false));
            _model = new List<(short, byte[])>[items];
            for (int i = 0; i < items; i++)
            {
                _model[i] = [.. Shape.Select(fid => (fid, Value(_random, 1 + _random.Next(6))))];
                _router.OnMessage(_provider, Refresh(-(i + 1), $"ITEM{i}", _model[i]));
            }
            // A consumer watching every item from the start: every update must reach it as it comes.
            (_watcher, _watched) = FakeOutput.Connect(_router, ChannelRole.Consumer);
            _router.OnMessage(_watcher, Wire.Login(1, LoginRoles.Consumer));
            for (int i = 0; i < items; i++)
                _router.OnMessage(_watcher, Wire.ItemRequest(100 + i, ServiceId, $"ITEM{i}"));
            _watched.Clear();
        }

        public HubState State { get; }

        /// <summary>Updates the watching consumer received.</summary>
        public int Forwarded => _watched.Sent.Count;

        public void Update(int item, short[] fieldIds) =>
            Assert.True(_batch.Add(_provider, SharedLayoutTests.Update(-(item + 1), Fields(item, fieldIds))));

        public void Post(int item, short[] fieldIds)
        {
            Flush();
            byte[] post = Wire.Encode((ref RwfEncoder e) =>
            {
                var msg = Msg.Create(MsgClass.Post, DomainTypes.MarketPrice, 100 + item, DataTypes.FieldList);
                msg.PostFlags = PostMsgFlags.PostComplete;
                MsgEncoder.EncodeInit(ref e, msg, out MsgEncodeState state);
                e.FieldListInit();
                foreach ((short fid, byte[] value) in Fields(item, fieldIds))
                    e.FieldEntry(fid, value);
                e.FieldListComplete(true);
                return MsgEncoder.EncodeComplete(ref e, ref state, true);
            });
            _router.OnMessage(_watcher, post);
            Assert.Null(_watcher.CloseRequest);
        }

        public void Flush()
        {
            Assert.True(_batch.Handle());
            Assert.Null(_provider.CloseRequest);
        }

        public void AssertLateImagesMatchTheModel()
        {
            (Peer consumer, FakeOutput toConsumer) = FakeOutput.Connect(_router, ChannelRole.Consumer);
            _router.OnMessage(consumer, Wire.Login(1, LoginRoles.Consumer));
            for (int i = 0; i < _model.Length; i++)
            {
                toConsumer.Clear();
                _router.OnMessage(consumer, Wire.ItemRequest(100 + i, ServiceId, $"ITEM{i}"));
                byte[] image = Assert.Single(toConsumer.Sent);
                Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(image, out Msg refresh));
                Assert.Equal(MsgClass.Refresh, refresh.MsgClass);
                Assert.Equal(FieldList([.. _model[i]]), refresh.EncodedDataBody.ToArray());
            }
        }

        // New values of random lengths for the fields, applied to the model as an ADH cache applies them.
        private List<(short Fid, byte[] Value)> Fields(int item, short[] fieldIds)
        {
            var fields = new List<(short Fid, byte[] Value)>();
            foreach (short fid in fieldIds)
            {
                byte[] value = Value(_random, _random.Next(10));
                fields.Add((fid, value));
                int at = _model[item].FindIndex(f => f.Fid == fid);
                if (at >= 0)
                    _model[item][at] = (fid, value);
                else
                    _model[item].Add((fid, value));
            }
            return fields;
        }
    }
}
