using System.Runtime.CompilerServices;

namespace Eta.Codec;

/// <summary>Where a container being encoded stands.</summary>
internal enum EncodeState : byte
{
    /// <summary>Header written; entries may be added or the container completed.</summary>
    Entries,

    /// <summary>An entry's header is written and its length reserved; its content is being encoded.</summary>
    EntryOpen,

    /// <summary>The summary data's length is reserved; the summary container is being encoded.</summary>
    SummaryOpen,
}

/// <summary>Book-keeping for one container on the encoder's nesting stack.</summary>
internal struct EncodeLevel
{
    public int ContainerType;
    public EncodeState State;
    public byte Flags;

    /// <summary>Position of the container's first byte: a failed container rolls back to here.</summary>
    public int Start;

    /// <summary>Position of the reserved entry count (u16, or u8 for a filter list).</summary>
    public int CountOffset;

    public int Count;

    /// <summary>Position of the open entry's first byte: a failed entry rolls back to here.</summary>
    public int EntryStart;

    /// <summary>Length reserved for the open entry's data or for the summary data.</summary>
    public LengthSlot Slot;

    /// <summary>The type of the entries' data (map/vector/series/filter list), or an array's item type.</summary>
    public int EntryType;

    /// <summary>An array's fixed item length (0 = each item carries its length).</summary>
    public int ItemLength;

    /// <summary>Total count hint kept until the header can be finished after in-place summary data.</summary>
    public int TotalCountHint;
}

/// <summary>Fixed-depth stack of encode levels, stored inline in the encoder (no allocation).</summary>
[InlineArray(RwfEncoder.MaxDepth)]
internal struct EncodeLevelStack
{
    private EncodeLevel _level;
}
