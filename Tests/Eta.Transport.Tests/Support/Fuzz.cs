namespace Eta.Transport.Tests.Support;

/// <summary>Deterministic input mutations for the fuzz tests: every case is reproduced by its seed.</summary>
internal static class Fuzz
{
    /// <summary>One to four edits: a bit flip, an overwrite, an insertion, a deletion, a repeated slice, or a cut.</summary>
    public static byte[] Mutate(byte[] input, Random random)
    {
        var bytes = new List<byte>(input);
        int mutations = 1 + random.Next(4);
        for (int m = 0; m < mutations && bytes.Count > 0; m++)
        {
            int at = random.Next(bytes.Count);
            switch (random.Next(6))
            {
                case 0:
                    bytes[at] ^= (byte)(1 << random.Next(8));
                    break;
                case 1:
                    bytes[at] = random.Next(3) switch { 0 => 0x00, 1 => 0xFF, _ => (byte)random.Next(256) };
                    break;
                case 2:
                    bytes.InsertRange(at, RandomBytes(random, 1 + random.Next(8)));
                    break;
                case 3:
                    bytes.RemoveRange(at, Math.Min(bytes.Count - at, 1 + random.Next(8)));
                    break;
                case 4:
                    int length = Math.Min(bytes.Count - at, 1 + random.Next(64));
                    bytes.InsertRange(at, bytes.GetRange(at, length));
                    break;
                default:
                    bytes.RemoveRange(at, bytes.Count - at);
                    break;
            }
        }
        return [.. bytes];
    }

    /// <summary>The input as network reads of random sizes, often tiny.</summary>
    public static List<byte[]> Split(byte[] input, Random random)
    {
        var chunks = new List<byte[]>();
        for (int offset = 0; offset < input.Length;)
        {
            int length = Math.Min(input.Length - offset, random.Next(3) == 0 ? 1 + random.Next(4) : 1 + random.Next(4096));
            chunks.Add(input[offset..(offset + length)]);
            offset += length;
        }
        return chunks;
    }

    public static byte[] RandomBytes(Random random, int count)
    {
        var bytes = new byte[count];
        random.NextBytes(bytes);
        return bytes;
    }
}
