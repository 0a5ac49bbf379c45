namespace Eta.Transport.Writing;

/// <summary>
/// The priority flush strategy: a string of H, M and L (default "HMHLHM") giving the order in which the
/// output queues are served, one buffer per letter. A queue the string never names is served only when
/// the named ones are empty.
/// </summary>
internal sealed class FlushOrder
{
    public const string Default = "HMHLHM";
    private const int MaxLength = 32;

    private readonly WritePriority[] _order;
    /// <summary>For priority p at position i, <c>_after[p * length + i]</c>: the position once that queue has been served.</summary>
    private readonly int[] _after;
    /// <summary>How many times the text names each priority.</summary>
    private readonly int[] _named = new int[3];
    private int _position;

    private FlushOrder(string text, WritePriority[] order)
    {
        Text = text;
        _order = order;
        _after = new int[3 * order.Length];
        foreach (WritePriority letter in order)
            _named[(int)letter]++;
        for (int priority = 0; priority < 3; priority++)
        {
            for (int i = 0; i < order.Length; i++)
            {
                // Next() walks the letters from i until it meets this priority and stops after it; a priority the
                // text never names is served after a full turn, which leaves the position where it was.
                int after = i;
                for (int k = 0; k < order.Length; k++)
                {
                    if ((int)order[(i + k) % order.Length] == priority)
                    {
                        after = (i + k + 1) % order.Length;
                        break;
                    }
                }
                _after[priority * order.Length + i] = after;
            }
        }
    }

    public string Text { get; }

    public static FlushOrder Parse(string text, out string? error)
    {
        error = null;
        if (string.IsNullOrEmpty(text) || text.Length > MaxLength)
        {
            error = $"priority flush order '{text}' must have 1 to {MaxLength} letters";
            return ParseValid(Default);
        }
        if (!text.Contains('H', StringComparison.OrdinalIgnoreCase) || !text.Contains('M', StringComparison.OrdinalIgnoreCase))
        {
            error = $"priority flush order '{text}' must name H and M at least once";
            return ParseValid(Default);
        }
        foreach (char c in text)
        {
            if ("HMLhml".IndexOf(c) < 0)
            {
                error = $"priority flush order '{text}' has '{c}'; only H, M and L are allowed";
                return ParseValid(Default);
            }
        }
        return ParseValid(text.ToUpperInvariant());
    }

    /// <summary>The next queue to take a buffer from, or null when all are empty.</summary>
    public OutputQueue? Next(OutputQueue[] queues)
    {
        for (int i = 0; i < _order.Length; i++)
        {
            OutputQueue queue = queues[(int)_order[_position]];
            _position = _position + 1 == _order.Length ? 0 : _position + 1;
            if (!queue.IsEmpty)
                return queue;
        }
        foreach (OutputQueue queue in queues)
        {
            if (!queue.IsEmpty)
                return queue;
        }
        return null;
    }

    /// <summary>
    /// Moves the position as <paramref name="frames"/> calls of <see cref="Next"/> would while only the queue of
    /// <paramref name="priority"/> holds frames, so a flush that sends that queue in one piece leaves the order
    /// where serving it frame by frame would have.
    /// </summary>
    public void Served(WritePriority priority, int frames)
    {
        // Serving a priority as often as the text names it brings the position to a point from which the same
        // letters follow again, so only the first turn and the remainder need walking.
        int named = _named[(int)priority];
        if (named == 0)
            return;
        int steps = frames < 2 * named ? frames : named + (frames - named) % named;
        int row = (int)priority * _order.Length;
        for (int i = 0; i < steps; i++)
            _position = _after[row + _position];
    }

    private static FlushOrder ParseValid(string text)
    {
        var order = new WritePriority[text.Length];
        for (int i = 0; i < text.Length; i++)
            order[i] = text[i] switch { 'H' => WritePriority.High, 'M' => WritePriority.Medium, _ => WritePriority.Low };
        return new FlushOrder(text, order);
    }
}
