using Eta.Codec;
using PerfTools.PerfHub.Cache;
using Xunit;

namespace PerfTools.Tests.PerfHub;

/// <summary>
/// The cache's field-level merge, checked against field lists written byte by byte from the RWF layout (ETA's
/// field list: u8 flags (0x01 HAS_FIELD_LIST_INFO, 0x08 HAS_STANDARD_DATA), [u8 info length, u15rb dictionary id,
/// i16 field list number], u16 count, then per entry i16 fid, u16ob length (one byte below 0xFE, else 0xFE + u16), value).
/// </summary>
public sealed class FieldRecordTests
{
    // BID (22) 2848.56, ASK (25) 2848.66 as REAL (hint 0x0C = exponent -2, then the value's bytes), DSPLY_NAME (3) "ABCD".
    private static readonly byte[] Refresh =
    [
        0x08, 0x00, 0x03,
        0x00, 0x16, 0x04, 0x0C, 0x04, 0x58, 0xB8,
        0x00, 0x19, 0x04, 0x0C, 0x04, 0x58, 0xC2,
        0x00, 0x03, 0x04, 0x41, 0x42, 0x43, 0x44,
    ];

    [Fact]
    public void Update_replaces_fields_by_fid_and_appends_new_ones_in_first_seen_order()
    {
        var record = new FieldRecord();
        Assert.Equal(CodecReturnCode.Success, record.Apply(Refresh));
        // BID becomes 1.00 (shorter), ASK blank (length 0), BIDSIZE (30) = 5 is new.
        byte[] update = [0x08, 0x00, 0x03, 0x00, 0x16, 0x02, 0x0C, 0x64, 0x00, 0x19, 0x00, 0x00, 0x1E, 0x01, 0x05];
        Assert.Equal(CodecReturnCode.Success, record.Apply(update));

        byte[] expected =
        [
            0x08, 0x00, 0x04,
            0x00, 0x16, 0x02, 0x0C, 0x64,
            0x00, 0x19, 0x00,
            0x00, 0x03, 0x04, 0x41, 0x42, 0x43, 0x44,
            0x00, 0x1E, 0x01, 0x05,
        ];
        Assert.Equal(expected, Encode(record));
        Assert.Equal(4, record.Count);
        Assert.True(record.TryGet(25, out ReadOnlySpan<byte> ask) && ask.IsEmpty);
        Assert.False(record.TryGet(6, out _));
    }

    [Fact]
    public void A_value_that_grows_past_its_slot_keeps_its_place_in_the_image()
    {
        var record = new FieldRecord();
        record.Apply(Refresh);
        for (int round = 0; round < 50; round++)
        {
            byte length = (byte)(4 + round % 20);
            byte[] update = [0x08, 0x00, 0x01, 0x00, 0x03, length, .. Enumerable.Repeat((byte)(0x41 + round % 26), length)];
            Assert.Equal(CodecReturnCode.Success, record.Apply(update));
            Assert.True(record.TryGet(3, out ReadOnlySpan<byte> name));
            Assert.Equal(update[6..], name.ToArray());
            Assert.True(record.TryGet(22, out ReadOnlySpan<byte> bid));
            Assert.Equal(Refresh[6..10], bid.ToArray()); // untouched neighbours survive every move and compaction
        }
        byte[] encoded = Encode(record);
        Assert.Equal([0x00, 0x16, 0x04, 0x0C, 0x04, 0x58, 0xB8], encoded[3..10]);
    }

    [Fact]
    public void Long_values_are_written_with_the_three_byte_length_form()
    {
        byte[] longValue = Enumerable.Range(0, 300).Select(i => (byte)i).ToArray();
        byte[] update = [0x08, 0x00, 0x01, 0x03, 0xE8, 0xFE, 0x01, 0x2C, .. longValue]; // fid 1000, length 300
        var record = new FieldRecord();
        record.Apply(Refresh);
        record.Apply(update);

        byte[] encoded = Encode(record);
        Assert.Equal([0x03, 0xE8, 0xFE, 0x01, 0x2C], encoded[Refresh.Length..(Refresh.Length + 5)]);
        Assert.Equal(longValue, encoded[(Refresh.Length + 5)..]);
        Assert.Equal(0x04, encoded[2]); // count
    }

    [Fact]
    public void Field_list_info_of_the_image_is_kept()
    {
        // flags 0x09, info length 3, dictionary id 1 (u15rb, one byte), field list number 2 (i16), one entry.
        byte[] refresh = [0x09, 0x03, 0x01, 0x00, 0x02, 0x00, 0x01, 0x00, 0x16, 0x02, 0x0C, 0x64];
        var record = new FieldRecord();
        Assert.Equal(CodecReturnCode.Success, record.Apply(refresh));
        Assert.Equal(refresh, Encode(record));
    }

    [Fact]
    public void Clear_starts_a_new_image()
    {
        var record = new FieldRecord();
        record.Apply(Refresh);
        record.Clear();
        byte[] refresh = [0x08, 0x00, 0x01, 0x00, 0x19, 0x02, 0x0C, 0x64];
        record.Apply(refresh);
        Assert.Equal(refresh, Encode(record));
    }

    [Fact]
    public void A_truncated_field_list_is_refused()
    {
        var record = new FieldRecord();
        Assert.NotEqual(CodecReturnCode.Success, record.Apply(Refresh[..12]));
    }

    private static byte[] Encode(FieldRecord record)
    {
        byte[] buffer = new byte[record.MaxEncodedLength];
        var encoder = new RwfEncoder(buffer);
        Assert.Equal(CodecReturnCode.Success, record.Encode(ref encoder));
        return buffer[..encoder.Position];
    }
}
