using Eta.Transport.Buffers;
using Xunit;

namespace Eta.Transport.Tests.Buffers;

/// <summary>
/// A channel's guaranteed output buffers are slices of a few large arrays, not an array each: 5,000 arrays of 6 KB
/// took 30 ms to create and collect when a channel started, while its peer was already sending. Small buffers and
/// slabs here, so the tests themselves leave the collector little to do.
/// </summary>
public sealed class GuaranteedBufferSlabTests
{
    private const int ArrayLength = 64;

    [Fact]
    public void Thousands_of_guaranteed_buffers_share_one_array_when_it_holds_them()
    {
        var pool = new OutputBufferPool(new object(), 5000, 5000, ArrayLength, shared: null);

        TransportBuffer[] rented = RentAll(pool);

        Assert.Equal(5000, rented.Length);
        Assert.Single(rented.Select(b => b.Array).Distinct());
    }

    [Fact]
    public void A_slab_holds_as_many_buffers_as_fit_and_the_rest_go_to_the_next()
    {
        var pool = new OutputBufferPool(new object(), 25, 25, ArrayLength, shared: null, slabBytes: 10 * ArrayLength + 5);

        TransportBuffer[] rented = RentAll(pool);

        Assert.Equal([10, 10, 5], rented.GroupBy(b => b.Array).Select(g => g.Count()).Order().Reverse());
    }

    [Fact]
    public void Each_buffer_writes_its_own_slice_only()
    {
        var pool = new OutputBufferPool(new object(), 500, 500, ArrayLength, shared: null, slabBytes: 100 * ArrayLength);
        TransportBuffer[] rented = RentAll(pool);

        for (int i = 0; i < rented.Length; i++)
        {
            Assert.Equal(ArrayLength - RipcLimits.HeaderLength, rented[i].Capacity);
            rented[i].Data.Fill((byte)i);
        }

        for (int i = 0; i < rented.Length; i++)
            Assert.True(rented[i].Data.IndexOfAnyExcept((byte)i) < 0, $"buffer {i} was overwritten by another");
    }

    [Fact]
    public void Buffers_added_later_get_slices_of_their_own_and_a_returned_one_keeps_its_slice()
    {
        var pool = new OutputBufferPool(new object(), 2, 2, ArrayLength, shared: null);
        TransportBuffer first = pool.TryRent(packed: false)!;
        int home = first.Offset;
        pool.Return(first);
        pool.SetGuaranteed(4);

        TransportBuffer[] rented = RentAll(pool);

        Assert.Equal(4, rented.Length);
        Assert.Equal(4, rented.Select(b => (b.Array, b.Offset)).Distinct().Count());
        Assert.Contains(rented, b => ReferenceEquals(b, first) && b.Offset == home);
    }

    private static TransportBuffer[] RentAll(OutputBufferPool pool)
    {
        var rented = new List<TransportBuffer>();
        while (pool.TryRent(packed: false) is { } buffer)
            rented.Add(buffer);
        return [.. rented];
    }
}
