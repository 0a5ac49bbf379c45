using Eta.Transport.Compression;

namespace Eta.Transport.Wiring;

/// <summary>
/// Creates the compressor of each channel direction for a negotiated compression type. The zlib and lz4
/// codecs of transport-ext register here; tests may register their own.
/// </summary>
internal static class CompressorFactory
{
    private static readonly Dictionary<CompressionType, Func<int, ICompressor>> s_factories = [];
    private static readonly object s_lock = new();

    public static void Register(CompressionType type, Func<int, ICompressor> factory)
    {
        lock (s_lock)
            s_factories[type] = factory;
    }

    public static bool IsAvailable(CompressionType type)
    {
        lock (s_lock)
            return type == CompressionType.None || s_factories.ContainsKey(type);
    }

    /// <summary>A new compressor, or null for <see cref="CompressionType.None"/>; NotSupportedException when none is registered.</summary>
    public static ICompressor? Create(CompressionType type, int level)
    {
        if (type == CompressionType.None)
            return null;
        Func<int, ICompressor>? factory;
        lock (s_lock)
            s_factories.TryGetValue(type, out factory);
        return factory is null
            ? throw new NotSupportedException($"No {type} compressor is available in this build.")
            : factory(level);
    }
}
