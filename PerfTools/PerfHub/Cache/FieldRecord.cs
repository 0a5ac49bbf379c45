using System.Buffers.Binary;
using Eta.Codec;

namespace PerfTools.PerfHub.Cache;

/// <summary>
/// The cached image of one item's field list, as an ADH cache keeps it: the refresh's entries by field id in the order
/// first seen, each update replacing the value of a field it carries and appending fields the image did not have.
/// <code>
/// field list = u8 flags [HAS_FIELD_LIST_INFO 0x01: u8 infoLength, u15rb dictionaryId, i16 fieldListNum]
///              [HAS_STANDARD_DATA 0x08: u16 count, count × (i16 fid, u16ob length, value)]
/// </code>
/// Which fields the image has, in which order, and where each one's value lives is the item's
/// <see cref="FieldLayout"/>, shared with every item of the same shape (see <see cref="FieldLayouts"/>); the item
/// itself holds only its values, one slot per field at a fixed place in one array:
/// <code>
/// _area = slot × Count, slot = length (u8, or u16 from 254 value bytes up), value, unused room up to the capacity
/// </code>
/// So an update finds each field through the shared table (in the processor's cache) and writes its value in place: no
/// per-item index to read, nothing moved; and as the slots of the fields updates carry come first, it writes only the
/// first few cache lines of the area. A value larger than its slot moves the item to a wider layout of its shape,
/// a new field to the shape one field longer (both copy the item's values once). Once every item has the layout its
/// values need, applying an update allocates nothing. Values are copied as they come (none is decoded). Set-defined
/// data is not cached (the hub has no set definitions to expand it with): such a list is refused.
/// </summary>
internal sealed class FieldRecord
{
    // Room left at the end of a new value area, so that a field added later (a latency update's TIM_TRK_1) or a
    // widened slot usually fits without another array.
    private const int Slack = 32;

    private readonly FieldLayouts _layouts;
    private FieldLayout _layout;
    private byte[] _area = [];
    private bool _hasInfo;
    private int _dictionaryId;
    private int _fieldListNum;

    /// <summary>A record with shapes of its own (tests); the hub's records share their cache's.</summary>
    public FieldRecord()
        : this(new FieldLayouts())
    {
    }

    public FieldRecord(FieldLayouts layouts)
    {
        _layouts = layouts;
        _layout = layouts.Empty;
    }

    /// <summary>Fields held.</summary>
    public int Count => _layout.Count;

    /// <summary>Where the record's fields are (its shape's layout).</summary>
    public FieldLayout Layout => _layout;

    /// <summary>An upper bound of the re-encoded field list's length (each entry adds a fid and at most two length bytes to its slot).</summary>
    public int MaxEncodedLength => 16 + _layout.Length + 4 * _layout.Count;

    /// <summary>
    /// Loads the record (<paramref name="firstLink"/>), then the lines of its value area updates write, ahead of an update (see
    /// CachedItem.Warm); changes nothing. Returns a value read, to be kept.
    /// </summary>
    public int Warm(bool firstLink)
    {
        if (firstLink)
            return _layout.Count;
        byte[] area = _area;
        FieldLayout layout = _layout;
        int end = Math.Min(layout.HotLength > 0 ? layout.HotLength : layout.Length, area.Length);
        int sum = 0;
        for (int i = 0; i < end; i += 64)
            sum += area[i];
        return sum;
    }

    /// <summary>Empties the record (a refresh with CLEAR_CACHE, or the first part of a new image).</summary>
    public void Clear()
    {
        _layout = _layouts.Empty;
        _hasInfo = false;
    }

    /// <summary>
    /// Merges a refresh's field list: replaces by fid, appends new fids. The header's field list info is kept from the
    /// first list that has one. Returns SUCCESS, or the decoder's error (the record then holds the entries before it).
    /// </summary>
    public CodecReturnCode Apply(ReadOnlySpan<byte> fieldList) => Merge(fieldList, update: false);

    /// <summary>
    /// Merges an update's (or a post's) field list as <see cref="Apply"/> does; the fields it carries become hot in the
    /// item's shape, and the item's slots are put in the shape's hot order once it has changed.
    /// </summary>
    public CodecReturnCode ApplyUpdate(ReadOnlySpan<byte> fieldList) => Merge(fieldList, update: true);

    private CodecReturnCode Merge(ReadOnlySpan<byte> fieldList, bool update)
    {
        CodecReturnCode rc = FieldListDecoder.Decode(fieldList, out FieldListDecoder decoder);
        if (rc == CodecReturnCode.NoData)
            return CodecReturnCode.Success;
        if (rc != CodecReturnCode.Success)
            return rc;
        if (!_hasInfo && (decoder.Flags & FieldListFlags.HasFieldListInfo) != 0)
        {
            _hasInfo = true;
            _dictionaryId = decoder.DictionaryId;
            _fieldListNum = decoder.FieldListNum;
        }
        if (_layout.Count == 0 && TakeShape(decoder))
            return Fill(decoder);
        FieldLayout layout = _layout;
        while ((rc = decoder.Next(out FieldEntry entry)) == CodecReturnCode.Success)
        {
            ReadOnlySpan<byte> value = entry.EncodedData;
            int index = layout.Family.IndexOf((short)entry.FieldId);
            if (index < 0 || value.Length > layout.Capacities[index])
            {
                index = MakeRoom(index, (short)entry.FieldId, value.Length);
                layout = _layout;
            }
            if (update && !layout.Family.IsHot(index))
                layout.Family.MarkHot(index);
            WriteSlot(_area, layout, index, value);
        }
        if (update && layout.HotCount != layout.Family.HotCount)
            MoveTo(FieldLayouts.Reorder(layout));
        return rc == CodecReturnCode.EndOfContainer ? CodecReturnCode.Success : rc;
    }

    /// <summary>The value bytes of <paramref name="fieldId"/> (empty for a blank field); false when absent.</summary>
    public bool TryGet(int fieldId, out ReadOnlySpan<byte> value)
    {
        int index = _layout.Family.IndexOf((short)fieldId);
        value = index < 0 ? default : ReadSlot(_area, _layout, index);
        return index >= 0;
    }

    /// <summary>Writes the image as a field list of standard entries in first-seen order.</summary>
    public CodecReturnCode Encode(ref RwfEncoder encoder)
    {
        CodecReturnCode rc = _hasInfo ? encoder.FieldListInit(_dictionaryId, _fieldListNum) : encoder.FieldListInit();
        FieldLayout layout = _layout;
        short[] fieldIds = layout.Family.FieldIds;
        for (int i = 0; i < layout.Count && rc >= CodecReturnCode.Success; i++)
            rc = encoder.FieldEntry(fieldIds[i], ReadSlot(_area, layout, i));
        if (rc < CodecReturnCode.Success)
        {
            encoder.FieldListComplete(success: false);
            return rc;
        }
        return encoder.FieldListComplete(success: true);
    }

    // An empty record takes the whole list's shape at once (a refresh: one lookup, not one per field). False when the
    // list does not decode to its end or repeats a fid: the fields are then added one by one.
    private bool TakeShape(FieldListDecoder decoder)
    {
        Span<short> fieldIds = stackalloc short[256];
        Span<int> capacities = stackalloc int[256];
        int count = 0;
        CodecReturnCode rc;
        while ((rc = decoder.Next(out FieldEntry entry)) == CodecReturnCode.Success)
        {
            if (count == fieldIds.Length)
                return false; // a very wide image: built field by field
            fieldIds[count] = (short)entry.FieldId;
            capacities[count] = FieldLayouts.CapacityFor(entry.EncodedData.Length);
            count++;
        }
        if (rc != CodecReturnCode.EndOfContainer)
            return false;
        FieldLayout? layout = _layouts.Find(fieldIds[..count], capacities[..count]);
        if (layout is null)
            return false;
        MoveTo(layout);
        return true;
    }

    // Writes the values of the list whose shape the record just took, slot i from entry i.
    private CodecReturnCode Fill(FieldListDecoder decoder)
    {
        FieldLayout layout = _layout;
        int index = 0;
        CodecReturnCode rc;
        while ((rc = decoder.Next(out FieldEntry entry)) == CodecReturnCode.Success)
            WriteSlot(_area, layout, index++, entry.EncodedData);
        return rc == CodecReturnCode.EndOfContainer ? CodecReturnCode.Success : rc;
    }

    // A new field, or a value larger than its slot: moves the record to a layout with room; returns the field's index.
    private int MakeRoom(int index, short fieldId, int length)
    {
        if (index < 0)
        {
            MoveTo(_layouts.Append(_layout, fieldId, length));
            return _layout.Count - 1;
        }
        MoveTo(_layouts.Widen(_layout, index, length));
        return index;
    }

    // Copies every value to its slot in `layout` (the same fields first, each slot at least as large, in any order;
    // new ones blank), through a spare copy of the area when the area itself is large enough to keep.
    private void MoveTo(FieldLayout layout)
    {
        FieldLayout old = _layout;
        byte[] to = layout.Length <= _area.Length ? _area : new byte[layout.Length + Slack];
        byte[] from = _area;
        if (to == from && old.Count > 0)
        {
            from = _layouts.Spare(old.Length);
            _area.AsSpan(0, old.Length).CopyTo(from);
        }
        for (int i = 0; i < old.Count; i++)
        {
            ReadOnlySpan<byte> value = ReadSlot(from, old, i);
            int header = FieldLayout.HeaderSize(layout.Capacities[i]);
            WriteLength(to, layout.Offsets[i], header, value.Length);
            value.CopyTo(to.AsSpan(layout.Offsets[i] + header));
        }
        for (int i = old.Count; i < layout.Count; i++)
            WriteLength(to, layout.Offsets[i], FieldLayout.HeaderSize(layout.Capacities[i]), 0);
        _area = to;
        _layout = layout;
    }

    private static void WriteSlot(byte[] area, FieldLayout layout, int index, ReadOnlySpan<byte> value)
    {
        int offset = layout.Offsets[index];
        int header = FieldLayout.HeaderSize(layout.Capacities[index]);
        WriteLength(area, offset, header, value.Length);
        value.CopyTo(area.AsSpan(offset + header, value.Length));
    }

    private static void WriteLength(byte[] area, int offset, int header, int length)
    {
        if (header == 1)
            area[offset] = (byte)length;
        else
            BinaryPrimitives.WriteUInt16LittleEndian(area.AsSpan(offset), (ushort)length);
    }

    private static ReadOnlySpan<byte> ReadSlot(byte[] area, FieldLayout layout, int index)
    {
        int offset = layout.Offsets[index];
        if (FieldLayout.HeaderSize(layout.Capacities[index]) == 1)
            return area.AsSpan(offset + 1, area[offset]);
        return area.AsSpan(offset + 2, BinaryPrimitives.ReadUInt16LittleEndian(area.AsSpan(offset)));
    }
}
