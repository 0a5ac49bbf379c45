using System.Buffers.Binary;
using System.Runtime.InteropServices;
using Eta.Codec;

namespace PerfTools.PerfHub.Cache;

/// <summary>
/// The cached image of one item's field list, as an ADH cache keeps it: the refresh's entries by field id in the order
/// first seen, each update replacing the value of a field it carries and appending fields the image did not have.
/// <code>
/// field list = u8 flags [HAS_FIELD_LIST_INFO 0x01: u8 infoLength, u15rb dictionaryId, i16 fieldListNum]
///              [HAS_STANDARD_DATA 0x08: u16 count, count × (i16 fid, u16ob length, value)]
/// </code>
/// The image is kept as those standard entries, encoded, in one array together with a small index, so an update
/// touches one allocation (the cache holds 100,000 of these and an update lands on any of them: the cost is the
/// memory it reaches, not the work):
/// <code>
/// _data = [ fid i16 × capacity | entry offset i32 × capacity | entries: i16 fid (big endian), u16ob length, value … ]
/// </code>
/// Entries are copied as they come (no value is decoded); a value of another length moves the entries after it.
/// After the first images and updates, applying an update allocates nothing. Set-defined data is not cached (the
/// hub has no set definitions to expand it with): such a list is refused.
/// </summary>
internal sealed class FieldRecord
{
    private const int InitialFields = 32;
    private const int InitialImage = 512;
    private const int IndexBytesPerField = sizeof(short) + sizeof(int);
    private const byte LongLength = 0xFE;

    private byte[] _data = new byte[InitialFields * IndexBytesPerField + InitialImage];
    private int _capacity = InitialFields;
    private int _count;
    private int _imageLength;
    private bool _hasInfo;
    private int _dictionaryId;
    private int _fieldListNum;

    /// <summary>Fields held.</summary>
    public int Count => _count;

    /// <summary>An upper bound of the re-encoded field list's length.</summary>
    public int MaxEncodedLength => 16 + _imageLength;

    private int ImageStart => _capacity * IndexBytesPerField;

    private Span<short> FieldIds => MemoryMarshal.Cast<byte, short>(_data.AsSpan(0, _capacity * sizeof(short)));

    private Span<int> Offsets => MemoryMarshal.Cast<byte, int>(_data.AsSpan(_capacity * sizeof(short), _capacity * sizeof(int)));

    /// <summary>
    /// Loads the record (<paramref name="firstLink"/>), then its field index and the start of its image, ahead of an
    /// update (see CachedItem.Warm); changes nothing. Returns a value read, to be kept.
    /// </summary>
    public int Warm(bool firstLink)
    {
        if (firstLink)
            return _capacity;
        byte[] data = _data;
        int imageStart = ImageStart;
        return data[0] + (imageStart < data.Length ? data[imageStart] : 0);
    }

    /// <summary>Empties the record (a refresh with CLEAR_CACHE, or the first part of a new image).</summary>
    public void Clear()
    {
        _count = 0;
        _imageLength = 0;
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
        int index = FieldIds[.._count].IndexOf((short)fieldId);
        if (index < 0)
        {
            value = default;
            return false;
        }
        int start = ImageStart + Offsets[index];
        int header = EntryHeader(start, out int length);
        value = _data.AsSpan(start + header, length);
        return true;
    }

    /// <summary>Writes the image as a field list of standard entries in first-seen order.</summary>
    public CodecReturnCode Encode(ref RwfEncoder encoder)
    {
        CodecReturnCode rc = _hasInfo ? encoder.FieldListInit(_dictionaryId, _fieldListNum) : encoder.FieldListInit();
        int position = ImageStart;
        int end = position + _imageLength;
        while (position < end && rc >= CodecReturnCode.Success)
        {
            short fieldId = BinaryPrimitives.ReadInt16BigEndian(_data.AsSpan(position));
            int header = EntryHeader(position, out int length);
            rc = encoder.FieldEntry(fieldId, _data.AsSpan(position + header, length));
            position += header + length;
        }
        if (rc < CodecReturnCode.Success)
        {
            encoder.FieldListComplete(success: false);
            return rc;
        }
        return encoder.FieldListComplete(success: true);
    }

    private void Set(short fieldId, ReadOnlySpan<byte> value)
    {
        int newSize = EntrySize(value.Length);
        int index = FieldIds[.._count].IndexOf(fieldId);
        if (index < 0)
        {
            if (_count == _capacity)
                GrowIndex();
            EnsureImageSpace(newSize);
            FieldIds[_count] = fieldId;
            Offsets[_count] = _imageLength;
            _count++;
            WriteEntry(ImageStart + _imageLength, fieldId, value);
            _imageLength += newSize;
            return;
        }
        int start = ImageStart + Offsets[index];
        int oldSize = EntryHeader(start, out int oldLength) + oldLength;
        int delta = newSize - oldSize;
        if (delta != 0)
        {
            if (delta > 0)
            {
                EnsureImageSpace(delta);
                start = ImageStart + Offsets[index];
            }
            int tail = start + oldSize;
            int imageEnd = ImageStart + _imageLength;
            _data.AsSpan(tail, imageEnd - tail).CopyTo(_data.AsSpan(tail + delta));
            _imageLength += delta;
            Span<int> offsets = Offsets;
            for (int i = index + 1; i < _count; i++)
                offsets[i] += delta; // entries lie in index order: only those after this one moved
        }
        WriteEntry(start, fieldId, value);
    }

    // i16 fid, u16ob length (one byte below 0xFE, else 0xFE then u16), value.
    private void WriteEntry(int position, short fieldId, ReadOnlySpan<byte> value)
    {
        Span<byte> entry = _data.AsSpan(position);
        BinaryPrimitives.WriteInt16BigEndian(entry, fieldId);
        int header;
        if (value.Length < LongLength)
        {
            entry[2] = (byte)value.Length;
            header = 3;
        }
        else
        {
            entry[2] = LongLength;
            BinaryPrimitives.WriteUInt16BigEndian(entry[3..], (ushort)value.Length);
            header = 5;
        }
        value.CopyTo(entry[header..]);
    }

    private int EntryHeader(int position, out int length)
    {
        byte first = _data[position + 2];
        if (first < LongLength)
        {
            length = first;
            return 3;
        }
        length = BinaryPrimitives.ReadUInt16BigEndian(_data.AsSpan(position + 3));
        return 5;
    }

    private static int EntrySize(int valueLength) => valueLength + (valueLength < LongLength ? 3 : 5);

    private void EnsureImageSpace(int more)
    {
        if (ImageStart + _imageLength + more <= _data.Length)
            return;
        int image = Math.Max((_data.Length - ImageStart) * 2, _imageLength + more);
        Resize(_capacity, image);
    }

    private void GrowIndex() => Resize(_capacity * 2, _data.Length - ImageStart);

    private void Resize(int capacity, int imageCapacity)
    {
        byte[] data = new byte[capacity * IndexBytesPerField + imageCapacity];
        _data.AsSpan(0, _count * sizeof(short)).CopyTo(data);
        _data.AsSpan(_capacity * sizeof(short), _count * sizeof(int)).CopyTo(data.AsSpan(capacity * sizeof(short)));
        _data.AsSpan(ImageStart, _imageLength).CopyTo(data.AsSpan(capacity * IndexBytesPerField));
        _data = data;
        _capacity = capacity;
    }
}
