using Eta.Codec;
using Xunit;

namespace Eta.Codec.Tests.Core;

public class RwfWriterReaderTests
{
    [Theory]
    [InlineData(0, new byte[] { 0x00 })]
    [InlineData(0x7F, new byte[] { 0x7F })]
    [InlineData(0x80, new byte[] { 0x80, 0x80 })]
    [InlineData(0x7FFF, new byte[] { 0xFF, 0xFF })]
    public void U15rb_RoundTrips(int value, byte[] wire)
    {
        Span<byte> buffer = stackalloc byte[8];
        var writer = new RwfWriter(buffer);
        Assert.Equal(CodecReturnCode.Success, writer.WriteU15rb(value));
        Assert.Equal(wire, writer.Written.ToArray());
        var reader = new RwfReader(wire);
        Assert.Equal(CodecReturnCode.Success, reader.ReadU15rb(out int read));
        Assert.Equal(value, read);
        Assert.True(reader.IsAtEnd);
    }

    [Theory]
    [InlineData(0x3F, new byte[] { 0x3F })]
    [InlineData(0x40, new byte[] { 0x40, 0x40 })]
    [InlineData(0x3FFF, new byte[] { 0x7F, 0xFF })]
    [InlineData(0x4000, new byte[] { 0x80, 0x40, 0x00 })]
    [InlineData(0x3FFFFF, new byte[] { 0xBF, 0xFF, 0xFF })]
    [InlineData(0x400000, new byte[] { 0xC0, 0x40, 0x00, 0x00 })]
    [InlineData(0x3FFFFFFF, new byte[] { 0xFF, 0xFF, 0xFF, 0xFF })]
    public void U30rb_RoundTrips(int value, byte[] wire)
    {
        Span<byte> buffer = stackalloc byte[8];
        var writer = new RwfWriter(buffer);
        Assert.Equal(CodecReturnCode.Success, writer.WriteU30rb(value));
        Assert.Equal(wire, writer.Written.ToArray());
        var reader = new RwfReader(wire);
        Assert.Equal(CodecReturnCode.Success, reader.ReadU30rb(out int read));
        Assert.Equal(value, read);
    }

    [Theory]
    [InlineData(0xFDu, new byte[] { 0xFD })]
    [InlineData(0xFEu, new byte[] { 0xFE, 0x00, 0xFE })]
    [InlineData(0xFFFFu, new byte[] { 0xFE, 0xFF, 0xFF })]
    [InlineData(0x10000u, new byte[] { 0xFF, 0x00, 0x01, 0x00, 0x00 })]
    public void U32ob_RoundTrips(uint value, byte[] wire)
    {
        Span<byte> buffer = stackalloc byte[8];
        var writer = new RwfWriter(buffer);
        Assert.Equal(CodecReturnCode.Success, writer.WriteU32ob(value));
        Assert.Equal(wire, writer.Written.ToArray());
        var reader = new RwfReader(wire);
        Assert.Equal(CodecReturnCode.Success, reader.ReadU32ob(out uint read));
        Assert.Equal(value, read);
    }

    [Fact]
    public void Writes_NeverPastTheEnd_AndLeaveThePositionAlone()
    {
        byte[] buffer = new byte[4];
        buffer[3] = 0xAA;
        var writer = new RwfWriter(buffer.AsSpan(0, 3));
        Assert.Equal(CodecReturnCode.Success, writer.WriteByte(1));
        Assert.Equal(CodecReturnCode.BufferTooSmall, writer.WriteUInt32(0x01020304));
        Assert.Equal(CodecReturnCode.BufferTooSmall, writer.WriteBuffer16(new byte[2]));
        Assert.Equal(1, writer.Position);
        Assert.Equal(CodecReturnCode.Success, writer.WriteUInt16(0xBEEF));
        Assert.Equal(CodecReturnCode.BufferTooSmall, writer.WriteByte(9));
        Assert.Equal(0xAA, buffer[3]);
    }

    [Fact]
    public void ReservedU16obLength_IsBackFilledInLongForm_LikeEta()
    {
        Span<byte> buffer = stackalloc byte[16];
        var writer = new RwfWriter(buffer);
        Assert.Equal(CodecReturnCode.Success, writer.ReserveLength(LengthEncoding.U16ob, 0, out LengthSlot slot));
        writer.WriteBytes("abc"u8);
        Assert.Equal(CodecReturnCode.Success, writer.CompleteLength(slot));
        Assert.Equal(new byte[] { 0xFE, 0x00, 0x03, (byte)'a', (byte)'b', (byte)'c' }, writer.Written.ToArray());
    }

    [Fact]
    public void ShortReservation_IsWidenedWhenTheContentOutgrowsIt()
    {
        byte[] buffer = new byte[300];
        var writer = new RwfWriter(buffer);
        writer.ReserveLength(LengthEncoding.U15rb, 10, out LengthSlot slot);
        Assert.Equal(1, slot.Width);
        for (int i = 0; i < 200; i++)
            writer.WriteByte((byte)i);
        Assert.Equal(CodecReturnCode.Success, writer.CompleteLength(slot));
        var reader = new RwfReader(writer.Written);
        Assert.Equal(CodecReturnCode.Success, reader.ReadBuffer15(out ReadOnlySpan<byte> content));
        Assert.Equal(200, content.Length);
        Assert.Equal(199, content[199]);
    }

    [Fact]
    public void Rollback_ForgetsWhatFollowedTheMark()
    {
        Span<byte> buffer = stackalloc byte[8];
        var writer = new RwfWriter(buffer);
        writer.WriteByte(1);
        int mark = writer.Mark();
        writer.WriteUInt32(7);
        writer.Rollback(mark);
        Assert.Equal(1, writer.Position);
    }

    [Fact]
    public void Reader_ReportsIncompleteData_WithoutMoving()
    {
        var reader = new RwfReader(new byte[] { 0xFE, 0x01 });
        Assert.Equal(CodecReturnCode.IncompleteData, reader.ReadU16ob(out _));
        Assert.Equal(CodecReturnCode.IncompleteData, reader.ReadBuffer15(out _));
        var lengthTooBig = new RwfReader(new byte[] { 0x05, 0x01 });
        Assert.Equal(CodecReturnCode.IncompleteData, lengthTooBig.ReadBuffer16(out _));
        Assert.Equal(0, lengthTooBig.Position);
    }
}
