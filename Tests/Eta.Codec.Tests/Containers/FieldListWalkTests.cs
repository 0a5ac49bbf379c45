using Xunit;

namespace Eta.Codec.Tests.Containers;

/// <summary>
/// The standard-entry walks of <see cref="FieldListDecoder"/> (its Next, and the <see cref="StandardFieldEntries"/>
/// cursor it hands out) over field lists written byte by byte from the
/// documented layout (flags 0x08 standard data, u16 count, then per entry fieldId(2) and the value with a u16ob
/// length: one byte below 0xFE, 0xFE then two bytes; a lone 0xFF is 255 as in ETA), and over every truncation.
/// </summary>
public class FieldListWalkTests
{
    private static byte[] List(params byte[][] entries)
    {
        var bytes = new List<byte> { 0x08, 0x00, (byte)entries.Length };
        foreach (byte[] entry in entries)
            bytes.AddRange(entry);
        return [.. bytes];
    }

    private static byte[] Entry(short fieldId, byte[] lengthBytes, int valueLength, byte fill) =>
        [(byte)(fieldId >> 8), (byte)fieldId, .. lengthBytes, .. Enumerable.Repeat(fill, valueLength)];

    private static readonly byte[] s_list = List(
        Entry(22, [0x03], 3, 0x11),                 // one-byte length
        Entry(-2, [0x00], 0, 0),                    // blank, negative fid
        Entry(1000, [0xFE, 0x01, 0x2C], 300, 0x22), // three-byte length, 300
        Entry(3, [0xFF], 255, 0x33));               // 0xFF alone is 255

    [Fact]
    public void Every_length_form_reads_its_value()
    {
        Assert.Equal(CodecReturnCode.Success, FieldListDecoder.Decode(s_list, out FieldListDecoder decoder));
        var seen = new List<(int FieldId, int Length, int Type)>();
        CodecReturnCode rc;
        while ((rc = decoder.Next(out FieldEntry entry)) == CodecReturnCode.Success)
        {
            Assert.True(entry.EncodedData.IsEmpty || entry.EncodedData[^1] == entry.EncodedData[0]);
            seen.Add((entry.FieldId, entry.EncodedData.Length, entry.EncodedType));
        }

        Assert.Equal(CodecReturnCode.EndOfContainer, rc);
        Assert.Equal([(22, 3, DataTypes.Unknown), (-2, 0, DataTypes.Unknown), (1000, 300, DataTypes.Unknown), (3, 255, DataTypes.Unknown)], seen);
        Assert.Equal(CodecReturnCode.EndOfContainer, decoder.Next(out _));
    }

    [Fact]
    public void A_list_cut_anywhere_inside_its_entries_ends_in_IncompleteData_and_stays_there()
    {
        for (int length = 3; length < s_list.Length; length++)
        {
            Assert.Equal(CodecReturnCode.Success, FieldListDecoder.Decode(s_list.AsSpan(0, length), out FieldListDecoder decoder));
            int entries = 0;
            CodecReturnCode rc;
            while ((rc = decoder.Next(out _)) == CodecReturnCode.Success)
                entries++;

            Assert.True(rc == CodecReturnCode.IncompleteData, $"cut at {length}: {rc} after {entries} entries");
            Assert.True(entries < 4, $"cut at {length}: all entries read");
            Assert.Equal(CodecReturnCode.IncompleteData, decoder.Next(out FieldEntry after));
            Assert.True(after.EncodedData.IsEmpty);
        }
    }

    [Fact]
    public void The_standard_entries_cursor_reads_what_Next_reads()
    {
        Assert.Equal(CodecReturnCode.Success, FieldListDecoder.Decode(s_list, out FieldListDecoder decoder));
        StandardFieldEntries entries = decoder.StandardEntries; // a copy: the decoder walks on by itself
        Assert.Equal(4, entries.Remaining);
        int steps = 0;
        CodecReturnCode expected, actual;
        do
        {
            expected = decoder.Next(out FieldEntry fromDecoder);
            actual = entries.Next(out FieldEntry fromCursor);
            steps++;
            Assert.Equal(expected, actual);
            Assert.Equal(fromDecoder.FieldId, fromCursor.FieldId);
            Assert.Equal(fromDecoder.EncodedType, fromCursor.EncodedType);
            Assert.True(fromDecoder.EncodedData == fromCursor.EncodedData, $"entry {steps}: not the same bytes");
        }
        while (expected == CodecReturnCode.Success);

        Assert.Equal(CodecReturnCode.EndOfContainer, actual);
        Assert.Equal(5, steps);
        Assert.Equal(0, entries.Remaining);
    }

    [Fact]
    public void The_cursor_taken_after_Next_holds_only_the_entries_not_yet_read()
    {
        Assert.Equal(CodecReturnCode.Success, FieldListDecoder.Decode(s_list, out FieldListDecoder decoder));
        Assert.Equal(CodecReturnCode.Success, decoder.Next(out FieldEntry first));
        Assert.Equal(22, first.FieldId);

        StandardFieldEntries rest = decoder.StandardEntries;
        Assert.Equal(3, rest.Remaining);
        Assert.Equal(CodecReturnCode.Success, rest.Next(out FieldEntry second));
        Assert.Equal(-2, second.FieldId);
    }

    [Fact]
    public void The_cursor_over_a_list_cut_anywhere_inside_its_entries_ends_in_IncompleteData_and_stays_there()
    {
        for (int length = 3; length < s_list.Length; length++)
        {
            Assert.Equal(CodecReturnCode.Success, FieldListDecoder.Decode(s_list.AsSpan(0, length), out FieldListDecoder decoder));
            StandardFieldEntries entries = decoder.StandardEntries;
            int read = 0;
            CodecReturnCode rc;
            while ((rc = entries.Next(out _)) == CodecReturnCode.Success)
                read++;

            Assert.True(rc == CodecReturnCode.IncompleteData, $"cut at {length}: {rc} after {read} entries");
            Assert.True(read < 4, $"cut at {length}: all entries read");
            Assert.Equal(0, entries.Remaining);
            Assert.Equal(CodecReturnCode.IncompleteData, entries.Next(out FieldEntry after));
            Assert.True(after.EncodedData.IsEmpty);
        }
    }
}
