namespace Eta.Transport.Tests.Compression;

/// <summary>Message bodies of the kinds a transport carries: repetitive (RWF-like) and random.</summary>
internal static class TestMessages
{
    /// <summary>A field-list-like body: repeated structure with varying numbers, compresses well.</summary>
    public static byte[] Repetitive(int length, int seed)
    {
        var body = new byte[length];
        for (int i = 0; i < length; i++)
            body[i] = (byte)((i % 7 == 0) ? seed + i / 7 : "FIELD=0123456789;"[i % 17]);
        return body;
    }

    /// <summary>Incompressible bytes: compression makes them grow.</summary>
    public static byte[] Random(int length, int seed)
    {
        var body = new byte[length];
        new Random(seed).NextBytes(body);
        return body;
    }

    /// <summary>Either kind, chosen by the seed.</summary>
    public static byte[] Mixed(int length, int seed) =>
        seed % 3 == 0 ? Random(length, seed) : Repetitive(length, seed);
}
