using System.Security.Cryptography;

namespace Eta.Transport.Ripc;

/// <summary>
/// RIPC 14's Diffie-Hellman style key exchange over 64-bit numbers (type 1, "TR_SL1_64"):
/// the server sends P, G and G^a mod P, the client answers G^b mod P. Nothing in this transport
/// encrypts with the shared key; the exchange is done so LSEG peers complete their handshake.
/// </summary>
internal static class KeyExchange
{
    public const byte Type64 = 1;
    public const byte BlockLength = 24;

    /// <summary>A random odd modulus below 2^63 (never 1).</summary>
    public static ulong RandomModulus() => (RandomUInt64() >> 1) | 0x4000_0000_0000_0001UL;

    public static ulong RandomExponent() => RandomUInt64() | 1UL;

    public static ulong ModPow(ulong value, ulong exponent, ulong modulus)
    {
        if (modulus <= 1)
            return 0;
        UInt128 result = 1;
        UInt128 b = value % modulus;
        while (exponent != 0)
        {
            if ((exponent & 1) != 0)
                result = result * b % modulus;
            b = b * b % modulus;
            exponent >>= 1;
        }
        return (ulong)result;
    }

    private static ulong RandomUInt64()
    {
        Span<byte> bytes = stackalloc byte[8];
        RandomNumberGenerator.Fill(bytes);
        return BitConverter.ToUInt64(bytes);
    }
}
