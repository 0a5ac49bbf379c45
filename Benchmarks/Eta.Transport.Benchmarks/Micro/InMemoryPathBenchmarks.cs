using BenchmarkDotNet.Attributes;

namespace Eta.Transport.Benchmarks.Micro;

/// <summary>
/// CPU cost per message of the transport's write and read paths without a socket, one thread: a batch of
/// messages written through a client <see cref="Channel"/> into memory, then read back through another
/// (the bytes stay in cache, as between a socket and its reader). The baseline builds and walks the same
/// RIPC frames by hand, so the ratio column is "times the hand-written framing". Figures are per message.
/// The transport side also copies each frame into its staging area and the fake stream, so read the ratio as
/// an upper bound on the transport's own work.
/// </summary>
[MemoryDiagnoser]
public class InMemoryPathBenchmarks
{
    /// <summary>Messages per invocation: about 32-62 KB of frames, a socket buffer's worth.</summary>
    private const int Batch = 400;

    private Workload _workload = null!;
    private MemoryStreamPair _writeSide = null!;
    private MemoryStreamPair _readSide = null!;
    private Channel _writer = null!;
    private Channel _reader = null!;
    private byte[] _rawOutput = [];
    private long _sequence;

    [Params(76, 150)]
    public int Size { get; set; }

    [Params(false, true)]
    public bool Packed { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _workload = new Workload(Size, Packed);
        int capacity = Batch * (Size + 5) + 2 * Workload.FragmentSize;
        _writeSide = new MemoryStreamPair(capacity);
        _writer = InMemoryPaths.Open(_writeSide);
        _readSide = new MemoryStreamPair(0);
        _reader = InMemoryPaths.Open(_readSide);
        _rawOutput = new byte[capacity];
        WriteBatch(); // leaves one batch of frames for the read-only case
        if (ReadBatch() != Batch)
            throw new InvalidOperationException("the transport did not read back the batch it wrote");
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = Batch, Description = "hand-written frames: write+read")]
    public long RawWriteRead()
    {
        int length = InMemoryPaths.RawWrite(_rawOutput, _workload, Batch, ref _sequence);
        return InMemoryPaths.RawRead(_rawOutput, length);
    }

    [Benchmark(OperationsPerInvoke = Batch, Description = "transport: write+read")]
    public long TransportWriteRead()
    {
        WriteBatch();
        return ReadBatch();
    }

    [Benchmark(OperationsPerInvoke = Batch, Description = "transport: write")]
    public void TransportWrite() => WriteBatch();

    [Benchmark(OperationsPerInvoke = Batch, Description = "transport: read")]
    public long TransportRead() => ReadBatch();

    private void WriteBatch()
    {
        _writeSide.ResetOutput();
        InMemoryPaths.Write(_writer, _workload, Batch, ref _sequence);
    }

    private long ReadBatch()
    {
        _readSide.Load(_writeSide.Output, _writeSide.OutputLength);
        return InMemoryPaths.ReadAll(_reader);
    }
}
