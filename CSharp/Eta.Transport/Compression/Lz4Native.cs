using System.Reflection;
using System.Runtime.InteropServices;

namespace Eta.Transport.Compression;

/// <summary>
/// The few entry points of the system's liblz4 (block format, lz4.h) that ETA's lz4 compression uses.
/// The library is found under its Linux soname first (Debian/Ubuntu package liblz4-1 ships only
/// liblz4.so.1), then the development link name and the Windows/macOS names.
/// </summary>
internal static unsafe partial class Lz4Native
{
    private const string LibraryName = "lz4";

    private static readonly string[] s_candidates =
        ["liblz4.so.1", "liblz4.so", "liblz4.1.dylib", "liblz4.dylib", "liblz4.dll", "lz4.dll", "lz4"];

    private static readonly Lazy<nint> s_handle = new(LoadLibrary);

    static Lz4Native()
    {
        // One resolver per assembly: Eta.Transport registers none elsewhere. It answers only for "lz4".
        NativeLibrary.SetDllImportResolver(typeof(Lz4Native).Assembly, Resolve);
    }

    /// <summary>Loads liblz4 or throws <see cref="DllNotFoundException"/> explaining what to install.</summary>
    public static void EnsureLoaded()
    {
        if (s_handle.Value == 0)
            throw new DllNotFoundException(
                "lz4 compression needs the system library liblz4 (tried " + string.Join(", ", s_candidates) +
                "). Install it: Debian/Ubuntu 'apt-get install liblz4-1', Fedora/RHEL 'dnf install lz4-libs', " +
                "macOS 'brew install lz4'; on Windows put liblz4.dll beside the executable.");
    }

    /// <summary>True when liblz4 can be loaded on this machine.</summary>
    public static bool IsAvailable => s_handle.Value != 0;

    [LibraryImport(LibraryName, EntryPoint = "LZ4_compress_default")]
    public static partial int CompressDefault(byte* source, byte* destination, int sourceSize, int maxDestinationSize);

    [LibraryImport(LibraryName, EntryPoint = "LZ4_decompress_safe")]
    public static partial int DecompressSafe(byte* source, byte* destination, int compressedSize, int maxDecompressedSize);

    private static nint Resolve(string libraryName, Assembly assembly, DllImportSearchPath? searchPath) =>
        libraryName == LibraryName ? s_handle.Value : 0;

    private static nint LoadLibrary()
    {
        foreach (string candidate in s_candidates)
        {
            if (NativeLibrary.TryLoad(candidate, typeof(Lz4Native).Assembly, null, out nint handle))
                return handle;
        }
        return 0;
    }
}
