using System.Text;
using Eta.Transport.Tests.Support;
using Xunit;

namespace Eta.Transport.Tests.Vectors;

/// <summary>
/// Write-side recordings of LSEG's transport tests: the bytes our channel puts on the wire for the same
/// sequence of writes must equal theirs.
/// </summary>
public sealed class WriteVectorTests
{
    [Theory]
    [InlineData("Packed1.txt", "packed test #1", "packed test #2", "final packing test #3")]
    [InlineData("Packed2.txt", "packing2 test #1", "packing2 test #2", "packing3 final test #3")]
    public void Packed_buffer_goes_out_as_recorded(string file, string first, string second, string last)
    {
        byte[] recorded = HexRecords.Read(VectorFiles.SocketChannel(file))[0];
        byte[] ack = HexRecords.Read(VectorFiles.SocketChannel("010_just_ripc_handshake.txt"))[0];
        (Channel channel, ReplayStream stream) = ReplayClient.Open([ack]);
        stream.ClearWritten();

        Assert.Equal(TransportReturnCode.Success, channel.GetBuffer(6000, true, out TransportBuffer? buffer));
        foreach (string message in new[] { first, second })
        {
            buffer!.Length = Encoding.ASCII.GetBytes(message, buffer.Data);
            channel.PackBuffer(buffer);
        }
        buffer!.Length = Encoding.ASCII.GetBytes(last, buffer.Data);
        channel.Write(buffer);
        Assert.Equal(TransportReturnCode.Success, channel.Flush());

        Assert.Equal(Convert.ToHexString(recorded), Convert.ToHexString(stream.Written));
    }

    [Fact]
    public void Uncompressed_fragments_carry_LSEG_headers_and_ids()
    {
        byte[] ack = HexRecords.Read(VectorFiles.SocketChannel("010_just_ripc_handshake.txt"))[0];
        (Channel channel, ReplayStream stream) = ReplayClient.Open([ack]);
        stream.ClearWritten();
        channel.GetBuffer(10_000, false, out TransportBuffer? buffer);
        buffer!.Length = 10_000;

        channel.Write(buffer);
        channel.Flush();

        byte[] wire = stream.Written;
        int first = (wire[0] << 8) | wire[1];
        Assert.Equal(6147, first);                              // fragment size + RIPC header
        Assert.Equal(new byte[] { 0x03, 0x08, 0x00, 0x00, 0x27, 0x10, 0x00, 0x01 }, wire[2..10]); // flags, ext, total 10000, id 1
        Assert.Equal(new byte[] { 0x03, 0x04, 0x00, 0x01 }, wire[(first + 2)..(first + 6)]);      // continuation of id 1
        Assert.Equal(wire.Length, first + ((wire[first] << 8) | wire[first + 1]));
    }
}
