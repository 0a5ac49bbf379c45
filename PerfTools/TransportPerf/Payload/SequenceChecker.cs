namespace PerfTools.TransportPerf.Payload;

/// <summary>
/// Checks the sequence numbers arriving on one connection: each message should carry the previous one plus one,
/// starting at <see cref="FirstSequence"/>. A jump forward counts the skipped numbers as missing; a number at or
/// below one already seen counts as out of order. Either is an error, reported, never ignored.
/// </summary>
public struct SequenceChecker
{
    public const long FirstSequence = 1;

    private long _expected;

    public long Errors { readonly get; private set; }

    public long Missing { readonly get; private set; }

    public long OutOfOrder { readonly get; private set; }

    /// <summary>Returns true when <paramref name="sequence"/> is the expected one.</summary>
    public bool Check(long sequence)
    {
        if (_expected == 0)
            _expected = FirstSequence;
        if (sequence == _expected)
        {
            _expected++;
            return true;
        }
        Errors++;
        if (sequence > _expected)
        {
            Missing += sequence - _expected;
            _expected = sequence + 1;
        }
        else
        {
            OutOfOrder++;
        }
        return false;
    }
}
