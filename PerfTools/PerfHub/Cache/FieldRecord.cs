using Eta.Codec;

namespace PerfTools.PerfHub.Cache;

/// <summary>
/// The cached image of one item's field list, as an ADH cache keeps it: the refresh's entries by field id in the order
/// first seen, each update replacing the value of a field it carries and appending fields the image did not have.
/// Values live in one byte arena; a value that grows past its slot moves to the end of the arena, and the arena is
/// compacted when moved-out space dominates. After the first images and updates, applying an update allocates nothing.
/// <code>
/// field list = u8 flags [HAS_FIELD_LIST_INFO 0x01: u8 infoLength, u15rb dictionaryId, i16 fieldListNum]
///              [HAS_STANDARD_DATA 0x08: u16 count, count × (i16 fid, u16ob length, value)]
/// </code>
/// Set-defined data is expanded into standard entries when the refresh decodes it (the decoder reads it through the
/// set definitions given); the re-encoded image is always standard data.
/// </summary>
internal sealed class FieldRecord
{
    private const int InitialFields = 32;
    private const int InitialArena = 1024;

    private short[] _fieldIds = new short[InitialFields];
    private int[] _offsets = new int[InitialFields];
    private int[] _lengths = new int[InitialFields];
    private int[] _capacities = new int[InitialFields];
    private byte[] _arena = new byte[InitialArena];
    private int _arenaUsed;
    private int _count;
    private bool _hasInfo;
    private int _dictionaryId;
    private int _fieldListNum;

    /// <summary>Fields held.</summary>
    public int Count => _count;

    /// <summary>An upper bound of the re-encoded field list's length.</summary>
    public int MaxEncodedLength => 1 + 4 + 2 + _count * 5 + ValueBytes();

    /// <summary>Empties the record (a refresh with CLEAR_CACHE, or the first part of a new image).</summary>
    public void Clear()
    {
        _count = 0;
        _arenaUsed = 0;
        _hasInfo = false;
    }

    /// <summary>
    /// Merges a field list: replaces by fid, appends new fids. The header's field list info is kept from the first
    /// list that has one. Returns SUCCESS, or the decoder's error (the record then holds the entries before it).
    /// </summary>
    public CodecReturnCode Apply(ReadOnlySpan<byte> fieldList)
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
        while ((rc = decoder.Next(out FieldEntry entry)) == CodecReturnCode.Success)
            Set((short)entry.FieldId, entry.EncodedData);
        return rc == CodecReturnCode.EndOfContainer ? CodecReturnCode.Success : rc;
    }

    /// <summary>The value bytes of <paramref name="fieldId"/> (empty for a blank field); false when absent.</summary>
    public bool TryGet(int fieldId, out ReadOnlySpan<byte> value)
    {
        int index = IndexOf((short)fieldId);
        value = index < 0 ? default : _arena.AsSpan(_offsets[index], _lengths[index]);
        return index >= 0;
    }

    /// <summary>Writes the image as a field list of standard entries in first-seen order.</summary>
    public CodecReturnCode Encode(ref RwfEncoder encoder)
    {
        CodecReturnCode rc = _hasInfo ? encoder.FieldListInit(_dictionaryId, _fieldListNum) : encoder.FieldListInit();
        for (int i = 0; i < _count && rc >= CodecReturnCode.Success; i++)
            rc = encoder.FieldEntry(_fieldIds[i], _arena.AsSpan(_offsets[i], _lengths[i]));
        if (rc < CodecReturnCode.Success)
        {
            encoder.FieldListComplete(success: false);
            return rc;
        }
        return encoder.FieldListComplete(success: true);
    }

    private void Set(short fieldId, ReadOnlySpan<byte> value)
    {
        int index = IndexOf(fieldId);
        if (index < 0)
        {
            index = Append(fieldId);
        }
        else if (value.Length <= _capacities[index])
        {
            value.CopyTo(_arena.AsSpan(_offsets[index]));
            _lengths[index] = value.Length;
            return;
        }
        _offsets[index] = Reserve(value.Length);
        _capacities[index] = value.Length;
        _lengths[index] = value.Length;
        value.CopyTo(_arena.AsSpan(_offsets[index]));
    }

    // Linear search: a MarketPrice image has tens of fields, where a scan of a short array beats hashing.
    private int IndexOf(short fieldId) => Array.IndexOf(_fieldIds, fieldId, 0, _count);

    private int Append(short fieldId)
    {
        if (_count == _fieldIds.Length)
        {
            int size = _count * 2;
            Array.Resize(ref _fieldIds, size);
            Array.Resize(ref _offsets, size);
            Array.Resize(ref _lengths, size);
            Array.Resize(ref _capacities, size);
        }
        _fieldIds[_count] = fieldId;
        _capacities[_count] = 0;
        _lengths[_count] = 0;
        _offsets[_count] = _arenaUsed;
        return _count++;
    }

    private int Reserve(int length)
    {
        if (_arenaUsed + length > _arena.Length)
        {
            Compact();
            if (_arenaUsed + length > _arena.Length)
                Array.Resize(ref _arena, Math.Max(_arena.Length * 2, _arenaUsed + length));
        }
        int offset = _arenaUsed;
        _arenaUsed += length;
        return offset;
    }

    // Moves every live value to the front, dropping the space values left behind when they grew.
    private void Compact()
    {
        int live = ValueBytes();
        if (live * 2 > _arena.Length)
            return; // mostly live: growing is the cheaper answer
        byte[] packed = new byte[_arena.Length];
        int position = 0;
        for (int i = 0; i < _count; i++)
        {
            _arena.AsSpan(_offsets[i], _capacities[i]).CopyTo(packed.AsSpan(position));
            _offsets[i] = position;
            position += _capacities[i];
        }
        _arena = packed;
        _arenaUsed = position;
    }

    private int ValueBytes()
    {
        int total = 0;
        for (int i = 0; i < _count; i++)
            total += _capacities[i];
        return total;
    }
}
