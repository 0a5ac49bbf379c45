namespace Eta.Codec.Tests.Containers;

/// <summary>Turns a valid encoding into a malformed one: truncation, bit flips, byte changes, length bombs, junk.</summary>
internal static class Mutator
{
    public static int Mutate(byte[] seed, byte[] output, Random random)
    {
        int length = Math.Min(seed.Length, output.Length);
        seed.AsSpan(0, length).CopyTo(output);
        switch (random.Next(6))
        {
            case 0:
                return random.Next(length + 1);
            case 1:
                for (int flips = random.Next(1, 4); flips > 0; flips--)
                    output[random.Next(length)] ^= (byte)(1 << random.Next(8));
                return length;
            case 2:
                for (int changes = random.Next(1, 4); changes > 0; changes--)
                    output[random.Next(length)] = (byte)random.Next(256);
                return length;
            case 3:
                // Length bombs: markers announcing long (0xFE, 0xFF) or 2-byte u15rb lengths.
                int at = random.Next(length);
                output[at] = (byte)(random.Next(3) switch { 0 => 0xFE, 1 => 0xFF, _ => 0x80 | random.Next(128) });
                return length;
            case 4:
                int junk = random.Next(1, 64);
                random.NextBytes(output.AsSpan(0, junk));
                return junk;
            default:
                int cut = random.Next(length + 1);
                output[random.Next(Math.Max(cut, 1))] = (byte)random.Next(256);
                return cut;
        }
    }
}
