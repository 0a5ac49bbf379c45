namespace PerfTools.Common.Threading;

/// <summary>
/// Hands latency measurements from one worker thread to the statistics collector: a preallocated
/// single-producer/single-consumer ring, lock-free and allocation-free. When the collector falls behind and the
/// ring is full, new records are dropped and counted in <see cref="Dropped"/> rather than blocking the worker.
/// </summary>
public sealed class LatencyRecordQueue
{
    private readonly LatencyRecord[] _ring;
    private readonly int _mask;
    private long _head; // next slot to read; written by the consumer
    private long _tail; // next slot to write; written by the producer
    private long _dropped;

    public LatencyRecordQueue(int capacityPowerOfTwo = 1 << 18)
    {
        if (capacityPowerOfTwo < 2 || (capacityPowerOfTwo & (capacityPowerOfTwo - 1)) != 0)
            throw new ArgumentOutOfRangeException(nameof(capacityPowerOfTwo), capacityPowerOfTwo, "Capacity must be a power of two.");
        _ring = new LatencyRecord[capacityPowerOfTwo];
        _mask = capacityPowerOfTwo - 1;
    }

    public long Dropped => Volatile.Read(ref _dropped);

    /// <summary>Producer thread only. Returns false (and counts a drop) when the ring is full.</summary>
    public bool TryEnqueue(long sendTime, long receiveTime)
    {
        long tail = _tail;
        if (tail - Volatile.Read(ref _head) >= _ring.Length)
        {
            Volatile.Write(ref _dropped, _dropped + 1);
            return false;
        }
        _ring[tail & _mask] = new LatencyRecord(sendTime, receiveTime);
        Volatile.Write(ref _tail, tail + 1);
        return true;
    }

    /// <summary>Consumer thread only.</summary>
    public bool TryDequeue(out LatencyRecord record)
    {
        long head = _head;
        if (head == Volatile.Read(ref _tail))
        {
            record = default;
            return false;
        }
        record = _ring[head & _mask];
        Volatile.Write(ref _head, head + 1);
        return true;
    }
}
