using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace Eta.Codec;

// Typed field entries: the whole entry (fid, 1-byte length, value) is written into one window of the buffer,
// sized for the value's widest form, after one check of the encoder's state and one of the space left; only the
// entry's real length is then committed, so bytes after it inside the window are free space that may change.
// Anything unusual (a blank or special value, too little space, the encoder not inside a field list, a full
// count) takes the generic path, which writes the same bytes or returns the error. FieldEntryFastPathTests hold
// each overload to the generic path byte for byte.
public ref partial struct RwfEncoder
{
    /// <summary>Field id (2 bytes) and a 1-byte u16ob length.</summary>
    private const int EntryHeader = 3;

    /// <summary>A value shorter than this takes a 1-byte u16ob length.</summary>
    private const int ShortValueLimit = 0xFE;

    // Windows: header, then the widest form of the value, rounded up so the value goes out as one 8-byte store.
    private const int IntegerWindow = EntryHeader + 8;
    private const int RealWindow = EntryHeader + 1 + 8;
    private const int DateWindow = EntryHeader + 4;
    private const int TimeWindow = EntryHeader + 8;

    /// <summary>Adds an entry whose value is a Real: hint byte, then the value in as few bytes as its sign allows.</summary>
    public CodecReturnCode FieldEntry(int fieldId, in Real value)
    {
        int hint = value.Hint;
        if (value.IsBlank || !RealHints.IsScaling(hint) || !CanAddFieldEntry(RealWindow))
            return GenericFieldEntry(fieldId, value);
        Span<byte> entry = Writer.Window(RealWindow);
        int length = IntegerBytes.SignedLength(value.Value);
        BinaryPrimitives.WriteInt16BigEndian(entry, (short)fieldId);
        entry[2] = (byte)(1 + length);
        entry[3] = (byte)hint;
        BinaryPrimitives.WriteUInt64BigEndian(entry[4..], LeftAligned((ulong)value.Value, length));
        return CommitFieldEntry(EntryHeader + 1 + length);
    }

    /// <summary>Adds an entry whose value is a UInt (as few bytes as it needs).</summary>
    public CodecReturnCode FieldEntry(int fieldId, in UInt value)
    {
        if (value.IsBlank || !CanAddFieldEntry(IntegerWindow))
            return GenericFieldEntry(fieldId, value);
        return IntegerFieldEntry(fieldId, value.Value, IntegerBytes.UnsignedLength(value.Value));
    }

    /// <summary>Adds an entry whose value is an Int (as few bytes as its sign allows).</summary>
    public CodecReturnCode FieldEntry(int fieldId, in Int value)
    {
        if (value.IsBlank || !CanAddFieldEntry(IntegerWindow))
            return GenericFieldEntry(fieldId, value);
        return IntegerFieldEntry(fieldId, (ulong)value.Value, IntegerBytes.SignedLength(value.Value));
    }

    /// <summary>Adds an entry whose value is an enumeration (1 byte below 256, else 2).</summary>
    public CodecReturnCode FieldEntry(int fieldId, in RwfEnum value)
    {
        if (value.IsBlank || !CanAddFieldEntry(IntegerWindow))
            return GenericFieldEntry(fieldId, value);
        return IntegerFieldEntry(fieldId, value.Value, IntegerBytes.UnsignedLength(value.Value));
    }

    /// <summary>Adds an entry whose value is a Date (day, month, 2-byte year).</summary>
    public CodecReturnCode FieldEntry(int fieldId, in Date value)
    {
        if (!CanAddFieldEntry(DateWindow))
            return GenericFieldEntry(fieldId, value);
        Span<byte> entry = Writer.Window(DateWindow);
        BinaryPrimitives.WriteInt16BigEndian(entry, (short)fieldId);
        entry[2] = 4;
        entry[3] = value.Day;
        entry[4] = value.Month;
        BinaryPrimitives.WriteUInt16BigEndian(entry[5..], value.Year);
        return CommitFieldEntry(DateWindow);
    }

    /// <summary>Adds an entry whose value is a Time, as long as its finest non-zero part needs (see <see cref="Time"/>).</summary>
    public CodecReturnCode FieldEntry(int fieldId, in Time value)
    {
        if (value.IsBlank || !CanAddFieldEntry(TimeWindow))
            return GenericFieldEntry(fieldId, value);
        Span<byte> entry = Writer.Window(TimeWindow);
        int length = value.EncodedLength;
        BinaryPrimitives.WriteInt16BigEndian(entry, (short)fieldId);
        entry[2] = (byte)length;
        entry[3] = value.Hour;
        entry[4] = value.Minute;
        entry[5] = value.Second;
        BinaryPrimitives.WriteUInt16BigEndian(entry[6..], value.Millisecond);
        // The 7-byte form carries the microsecond alone; the 8-byte form packs nanosecond bits 8-10 above it.
        int microNano = length == 8 ? ((value.Nanosecond & 0x700) << 3) | (value.Microsecond & 0x7FF) : value.Microsecond;
        BinaryPrimitives.WriteUInt16BigEndian(entry[8..], (ushort)microNano);
        entry[10] = (byte)value.Nanosecond;
        return CommitFieldEntry(EntryHeader + length);
    }

    private CodecReturnCode IntegerFieldEntry(int fieldId, ulong value, int length)
    {
        Span<byte> entry = Writer.Window(IntegerWindow);
        BinaryPrimitives.WriteInt16BigEndian(entry, (short)fieldId);
        entry[2] = (byte)length;
        BinaryPrimitives.WriteUInt64BigEndian(entry[EntryHeader..], LeftAligned(value, length));
        return CommitFieldEntry(EntryHeader + length);
    }

    /// <summary>The low <paramref name="length"/> (1..8) bytes of <paramref name="value"/> moved to the top, for a big-endian store.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong LeftAligned(ulong value, int length) => value << (64 - 8 * length);

    /// <summary>True when the top container is a field list taking entries and <paramref name="window"/> bytes are free.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private readonly bool CanAddFieldEntry(int window)
    {
        if (_depth == 0)
            return false;
        ref readonly EncodeLevel top = ref _levels[_depth - 1];
        return top.ContainerType == DataTypes.FieldList && top.State == EncodeState.Entries && top.CountOffset != NoCount
            && top.Count < ushort.MaxValue && Writer.Remaining >= window;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private CodecReturnCode CommitFieldEntry(int length)
    {
        Writer.Advance(length);
        Top.Count++;
        return CodecReturnCode.Success;
    }
}
