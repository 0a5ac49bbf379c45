namespace Eta.Transport.Writing;

/// <summary>FIFO of written buffers of one priority, linked through the buffers themselves (no allocation).</summary>
internal sealed class OutputQueue
{
    private TransportBuffer? _head;
    private TransportBuffer? _tail;

    public bool IsEmpty => _head is null;

    public void Enqueue(TransportBuffer buffer)
    {
        buffer._next = null;
        buffer._queued = true;
        if (_tail is null)
            _head = buffer;
        else
            _tail._next = buffer;
        _tail = buffer;
    }

    public TransportBuffer? Peek() => _head;

    public TransportBuffer Dequeue()
    {
        TransportBuffer buffer = _head!;
        _head = buffer._next;
        if (_head is null)
            _tail = null;
        buffer._next = null;
        buffer._queued = false;
        return buffer;
    }
}
