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
    private int _position;

    private FlushOrder(string text, WritePriority[] order)
    {
        Text = text;
        _order = order;
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

    private static FlushOrder ParseValid(string text)
    {
        var order = new WritePriority[text.Length];
        for (int i = 0; i < text.Length; i++)
            order[i] = text[i] switch { 'H' => WritePriority.High, 'M' => WritePriority.Medium, _ => WritePriority.Low };
        return new FlushOrder(text, order);
    }
}
