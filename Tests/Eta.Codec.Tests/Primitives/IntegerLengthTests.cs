using Xunit;

namespace Eta.Codec.Tests.Primitives;

/// <summary>
/// INT and UINT values of every wire length 1..8, trimmed or not (a provider may send 00 00 05 for 5), with and
/// without the top bit set: each decodes to the big-endian value of its bytes, sign-extended from the first byte for
/// INT, and a length past 8 is InvalidData.
/// </summary>
public class IntegerLengthTests
{
    public static TheoryData<string> Values()
    {
        var data = new TheoryData<string>();
        foreach (string bytes in new[] { "00", "7F", "80", "FF", "0102030405060708", "F1E2D3C4B5A69788", "80000000000000FF", "7FFFFFFFFFFFFF00" })
        {
            for (int length = 1; length <= bytes.Length / 2; length++)
                data.Add(bytes[..(length * 2)]);
        }
        return data;
    }

    [Theory]
    [MemberData(nameof(Values))]
    public void Int_is_the_sign_extended_big_endian_value_of_its_bytes(string hex)
    {
        byte[] wire = Convert.FromHexString(hex);
        long expected = (sbyte)wire[0];
        foreach (byte b in wire[1..])
            expected = (expected << 8) | b;

        Assert.Equal(CodecReturnCode.Success, Int.Decode(wire, out Int value));
        Assert.Equal(expected, value.Value);
    }

    [Theory]
    [MemberData(nameof(Values))]
    public void UInt_is_the_big_endian_value_of_its_bytes(string hex)
    {
        byte[] wire = Convert.FromHexString(hex);
        ulong expected = 0;
        foreach (byte b in wire)
            expected = (expected << 8) | b;

        Assert.Equal(CodecReturnCode.Success, UInt.Decode(wire, out UInt value));
        Assert.Equal(expected, value.Value);
    }

    [Fact]
    public void Nine_bytes_are_InvalidData()
    {
        byte[] wire = Convert.FromHexString("010203040506070809");
        Assert.Equal(CodecReturnCode.InvalidData, Int.Decode(wire, out _));
        Assert.Equal(CodecReturnCode.InvalidData, UInt.Decode(wire, out _));
    }
}
