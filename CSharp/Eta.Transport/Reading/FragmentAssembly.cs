using System.Buffers;

namespace Eta.Transport.Reading;

/// <summary>
/// One fragmented message being put back together. Memory grows as fragments arrive (never sized
/// up front by the untrusted total length) and comes from ArrayPool, so steady state allocates nothing.
/// </summary>
internal sealed class FragmentAssembly
{
    private const int InitialSize = 16 * 1024;

    public int Id { get; private set; }

    public long ExpectedLength { get; private set; }

    public int ReceivedLength { get; private set; }

    public byte[] Buffer { get; private set; } = [];

    public bool IsComplete => ReceivedLength == ExpectedLength;

    public void Start(int id, long expectedLength)
    {
        Id = id;
        ExpectedLength = expectedLength;
        ReceivedLength = 0;
    }

    /// <summary>Appends a fragment; false when it would exceed the declared total length.</summary>
    public bool Append(ReadOnlySpan<byte> fragment)
    {
        long newLength = (long)ReceivedLength + fragment.Length;
        if (newLength > ExpectedLength)
            return false;
        if (newLength > Buffer.Length)
            GrowTo((int)newLength);
        fragment.CopyTo(Buffer.AsSpan(ReceivedLength));
        ReceivedLength = (int)newLength;
        return true;
    }

    public void ReleaseMemory()
    {
        if (Buffer.Length > 0)
            ArrayPool<byte>.Shared.Return(Buffer);
        Buffer = [];
        ReceivedLength = 0;
    }

    private void GrowTo(int needed)
    {
        long target = Math.Max(needed, Math.Max(InitialSize, (long)Buffer.Length * 2));
        int size = (int)Math.Min(target, ExpectedLength);
        byte[] bigger = ArrayPool<byte>.Shared.Rent(size);
        Buffer.AsSpan(0, ReceivedLength).CopyTo(bigger);
        if (Buffer.Length > 0)
            ArrayPool<byte>.Shared.Return(Buffer);
        Buffer = bigger;
    }
}
