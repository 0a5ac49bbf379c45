namespace Eta.Transport.Reading;

/// <summary>
/// Fragmented messages in progress, by fragment id (a peer may interleave several). Assemblies are
/// recycled. A header reusing an id in progress replaces that message, as LSEG's readers do.
/// </summary>
internal sealed class FragmentTable
{
    /// <summary>More concurrent fragmented messages than this is treated as a misbehaving peer.</summary>
    public const int MaxConcurrent = 256;

    private readonly List<FragmentAssembly> _active = [];
    private readonly Stack<FragmentAssembly> _spare = new();

    public FragmentAssembly? Find(int id)
    {
        foreach (FragmentAssembly assembly in _active)
        {
            if (assembly.Id == id)
                return assembly;
        }
        return null;
    }

    /// <summary>Starts a message; a header reusing an id in progress replaces the old one. Null when too many are open.</summary>
    public FragmentAssembly? Begin(int id, long expectedLength)
    {
        Discard(id);
        if (_active.Count >= MaxConcurrent)
            return null;
        FragmentAssembly assembly = _spare.Count > 0 ? _spare.Pop() : new FragmentAssembly();
        assembly.Start(id, expectedLength);
        _active.Add(assembly);
        return assembly;
    }

    /// <summary>Takes a finished assembly out of the table; the caller releases it with <see cref="Recycle"/>.</summary>
    public void Detach(FragmentAssembly assembly) => _active.Remove(assembly);

    public void Discard(int id)
    {
        FragmentAssembly? existing = Find(id);
        if (existing is null)
            return;
        _active.Remove(existing);
        Recycle(existing);
    }

    public void Recycle(FragmentAssembly assembly)
    {
        assembly.ReleaseMemory();
        _spare.Push(assembly);
    }

    public void Clear()
    {
        foreach (FragmentAssembly assembly in _active)
            Recycle(assembly);
        _active.Clear();
    }
}
