using System.Security.Cryptography;
using Eta.Transport.Compression;
using Xunit;

namespace Eta.Transport.Tests.Compression;

/// <summary>
/// Our lz4 blocks are the bytes the reference lz4 library puts on the wire. LSEG's C and Java editions call
/// liblz4's LZ4_compress_default (its C# edition K4os at L00_FAST), and a peer decodes whatever block it gets,
/// but a byte-identical encoder keeps recordings and captures comparable. The expected blocks below were made
/// with the system liblz4 1.9.4 (LZ4_compress_default, the binding this compressor replaced) on these inputs;
/// the inputs cover literal-only, match-heavy, single-block-limit (6144) and above-64 KiB (other hash table) paths.
/// </summary>
public sealed class Lz4WireBytesTests
{
    /// <summary>liblz4 1.9.4, LZ4_compress_default(TestMessages.Repetitive(600, 5)): 424 bytes.</summary>
    private const string Repetitive600Block =
        "F1150549454C443D300632333435363707393B4649454C083D303132333409363738393B460A220021310B220021380C220021440D22" +
        "0021350E220020490F440030313210440030383911440030443D1244003035361344003149451422002133152200223B167700121777" +
        "00121877001119220021341A220020461B44003030311C44003037381D4400324C441E7700121F770012207700122177001222770012" +
        "237700122477001025440030323326440030393B274400323D3028770012297700122A7700122B7700122C7700122D7700122E770010" +
        "2F4400303435304400304649314400323132327700123377001234770012357700123677001237770012387700103944003036373A44" +
        "0030454C3B44003233343C7700123D7700123E7700123F77001240770012417700124277001043440030383944440030443D45440032" +
        "3536467700124777001248770012497700114A220022374B7700124C7700104D4400303B464E44003130314F22002238507700125177" +
        "00125277001253770012547700125577001256770010574400304945584400E032335935363738393B5A49454C44";

    [Fact]
    public void A_small_message_compresses_to_liblz4s_block()
    {
        using var lz4 = new Lz4Compressor();
        byte[] message = TestMessages.Repetitive(600, 5);
        var output = new byte[lz4.MaxCompressedLength(message.Length)];

        int written = lz4.Compress(message, output);

        Assert.Equal(Repetitive600Block, Convert.ToHexString(output, 0, written));
    }

    [Theory]
    [InlineData("repetitive", 300, 1, 222, "7C10592EC51A9CC51C21868A21C4AA4DF92FFC10FE25C0D555940F4BA0C27208")]
    [InlineData("repetitive", 1000, 9, 658, "121B44656D2793A7D493C9DA59B4C607DC7570BF2C1FF8C7B3AECA211E0C4DA8")]
    [InlineData("repetitive", 6144, 2, 3789, "16D7A4614867BEC66635880E13C16279E125590D614E72F7E6E1AA3610903BFE")]
    [InlineData("random", 6144, 1, 6170, "94EE164322632E862741B5C00EF414204294EF98629FD26ED626F79BDA417DED")]
    [InlineData("repetitive", 70_000, 7, 17728, "9D41B9500B5A14B8234F0C6DB45F979327F07E866B7E977FD8BD5A9DAEFC7D95")]
    [InlineData("random", 70_000, 3, 70276, "E2B8E51F2F40E1EFD6A3D14712838D73FEDF8E20B6C78B4654A8869AD6B5361B")]
    public void Larger_messages_compress_to_liblz4s_blocks(string kind, int length, int seed, int expectedLength, string expectedSha256)
    {
        using var lz4 = new Lz4Compressor();
        byte[] message = kind == "random" ? TestMessages.Random(length, seed) : TestMessages.Repetitive(length, seed);
        var output = new byte[lz4.MaxCompressedLength(length)];

        int written = lz4.Compress(message, output);

        Assert.Equal(expectedLength, written);
        Assert.Equal(expectedSha256, Convert.ToHexString(SHA256.HashData(output.AsSpan(0, written))));
    }

    [Fact]
    public void A_liblz4_block_decodes_to_its_message()
    {
        using var lz4 = new Lz4Compressor();
        var output = new byte[600];

        Assert.True(lz4.TryDecompress(Convert.FromHexString(Repetitive600Block), output, out int written));
        Assert.Equal(TestMessages.Repetitive(600, 5), output[..written]);
    }
}
