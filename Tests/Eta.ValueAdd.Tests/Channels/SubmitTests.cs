using Eta.Codec;
using Eta.Codec.Rdm;
using Eta.Transport;
using Eta.ValueAdd.Tests.Support;
using Xunit;

namespace Eta.ValueAdd.Tests.Channels;

/// <summary>The three ways to submit (an RDM object, a Msg with a pre-encoded payload, a buffer the application encoded) put the same bytes on the wire.</summary>
public sealed class SubmitTests
{
    [Fact]
    public void Rdm_objects_messages_and_encoded_buffers_arrive_byte_for_byte()
    {
        using var pair = new ReactorPair();
        ReactorChannel channel = pair.ConnectConsumer(pair.NewConsumerRole(DictionaryDownloadMode.None));
        pair.RunUntil(() => channel.State == ReactorChannelState.Ready, "ready");
        pair.ProviderSide.DirectoryRequestBytes.Clear();

        var request = new DirectoryRequest { StreamId = 7, Filter = ServiceFilterFlags.Info | ServiceFilterFlags.Load, ServiceId = 1 };
        byte[] expected = Encode(request);

        Assert.Equal(ReactorReturnCode.Success, channel.Submit(request));

        Assert.Equal(CodecReturnCode.Success, MsgDecoder.Decode(expected, out Msg msg));
        Assert.Equal(ReactorReturnCode.Success, channel.Submit(msg));

        Assert.Equal(ReactorReturnCode.Success, channel.GetBuffer(expected.Length, packed: false, out TransportBuffer? buffer));
        expected.CopyTo(buffer!.Data);
        buffer.Length = expected.Length;
        Assert.Equal(ReactorReturnCode.Success, channel.Submit(buffer));

        pair.RunUntil(() => pair.ProviderSide.DirectoryRequestBytes.Count == 3, "three directory requests");
        Assert.All(pair.ProviderSide.DirectoryRequestBytes, received => Assert.Equal(expected, received));
    }

    [Fact]
    public void Submitting_before_the_channel_is_up_is_refused_with_a_reason()
    {
        using var pair = new ReactorPair();
        ReactorChannel channel = pair.ConnectConsumer(pair.NewConsumerRole());
        Assert.Equal(ReactorReturnCode.ChannelNotUp, channel.Submit(new DirectoryRequest()));
        Assert.Contains("Initializing", channel.ErrorText);
    }

    private static byte[] Encode(DirectoryRequest request)
    {
        var space = new byte[512];
        var enc = new RwfEncoder(space);
        Assert.Equal(CodecReturnCode.Success, request.Encode(ref enc));
        return enc.Written.ToArray();
    }
}
