namespace PerfTools.TransportPerf.Payload;

/// <summary>
/// Checks the sequence numbers arriving on one connection with LSEG's rule: the first message's number is taken as
/// it is (a sender may start anywhere; LSEG's and ours start at 0), and each later message must carry the previous
/// one plus one. A jump forward counts the skipped numbers as missing; a number at or below one already seen counts
/// as out of order. Either is an error, reported, never ignored (LSEG's receiver stops at the first one; we count
/// them all, then end the run with a non-zero exit code).
/// </summary>
public struct SequenceChecker
{
    private long _expected;
    private bool _started;

    public long Errors { readonly get; private set; }

    public long Missing { readonly get; private set; }

    public long OutOfOrder { readonly get; private set; }

    /// <summary>Returns true when <paramref name="sequence"/> is the expected one (always, for the first).</summary>
    public bool Check(long sequence)
    {
        if (!_started || sequence == _expected)
        {
            _started = true;
            _expected = sequence + 1;
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
