using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Eta.Codec;

/// <summary>
/// The standard entries of a field list, walked in place: <c>fieldId(2) valueLength(u16ob) value</c> each.
/// Nothing here takes the cursor's address or calls out of line, so a loop over a local cursor keeps its position in
/// registers (this runs once per field of every message a consumer gets). Never throws and never allocates: a
/// malformed entry ends the walk with IncompleteData, and every later call returns it again.
/// </summary>
public ref struct StandardFieldEntries
{
    private ReadOnlySpan<byte> _rest;
    private int _remaining; // entries not yet read; -1 once an entry was malformed

    internal StandardFieldEntries(ReadOnlySpan<byte> entries, int count)
    {
        _rest = entries;
        _remaining = count;
    }

    /// <summary>Entries not yet read (0 after a malformed one).</summary>
    public readonly int Remaining => _remaining > 0 ? _remaining : 0;

    /// <summary>The next entry (its type is the dictionary's: Unknown here), or EndOfContainer after the last one.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public CodecReturnCode Next(out FieldEntry entry)
    {
        entry = default;
        ReadOnlySpan<byte> rest = _rest;
        if (_remaining <= 0)
            return _remaining == 0 ? CodecReturnCode.EndOfContainer : CodecReturnCode.IncompleteData;
        // One length check per step: the value length is one byte below 0xFE, else 0xFE and two bytes.
        int start = 3;
        if (rest.Length >= start)
        {
            short fieldId = BinaryPrimitives.ReadInt16BigEndian(rest);
            int length = rest[2];
            if (length == 0xFE)
            {
                start = 5;
                length = rest.Length >= start ? BinaryPrimitives.ReadUInt16BigEndian(rest[3..]) : 0;
            }
            if (length <= rest.Length - start) // signed: false when even the length bytes are cut off
            {
                // Both slices were just proven inside the span; made without the bounds checks Slice would repeat.
                ref byte value = ref Unsafe.Add(ref MemoryMarshal.GetReference(rest), start);
                entry = new FieldEntry(fieldId, DataTypes.Unknown, MemoryMarshal.CreateReadOnlySpan(ref value, length));
                _rest = MemoryMarshal.CreateReadOnlySpan(ref Unsafe.Add(ref value, length), rest.Length - start - length);
                _remaining--;
                return CodecReturnCode.Success;
            }
        }
        _remaining = -1;
        return CodecReturnCode.IncompleteData;
    }
}
