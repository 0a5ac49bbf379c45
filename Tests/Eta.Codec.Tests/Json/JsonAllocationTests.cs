using Eta.Codec.Json;
using Eta.TestSupport;
using Xunit;

namespace Eta.Codec.Tests.Json;

/// <summary>Steady-state conversion of updates allocates nothing, in either direction.</summary>
[Collection(AllocationCollection.Name)]
public class JsonAllocationTests
{
    private static readonly byte[] Update = "{\"ID\":7,\"Type\":\"Update\",\"UpdateType\":\"Quote\",\"SeqNumber\":12,\"Fields\":{\"BID\":2848.56,\"BIDSIZE\":-5000,\"ACVOL_1\":57132000,\"RDN_EXCHID\":2,\"TRADE_DATE\":\"2005-11-15\",\"TIMACT\":\"15:52:12.345\",\"DSPLY_NAME\":\"Fixed \\\"quote\\\"\",\"ASK\":null,\"TIM_TRK_1\":1732000123456}}"u8.ToArray();

    [Fact]
    public void JsonToRwfAllocatesNothingPerMessage()
    {
        var converter = new JsonToRwfConverter(JsonTestSupport.Fields);
        AllocationAssert.None(() =>
        {
            for (int i = 0; i < 500; i++)
            {
                JsonMessageReader reader = converter.Read(Update);
                if (reader.Next(out _, out ReadOnlySpan<byte> rwf) != CodecReturnCode.Success || rwf.IsEmpty)
                    throw new InvalidOperationException(converter.LastError);
            }
        });
    }

    [Fact]
    public void RwfToJsonAllocatesNothingPerMessage()
    {
        byte[] rwf = JsonTestSupport.ToRwf(System.Text.Encoding.UTF8.GetString(Update));
        var converter = new RwfToJsonConverter(JsonTestSupport.Fields);
        AllocationAssert.None(() =>
        {
            for (int i = 0; i < 500; i++)
            {
                converter.Reset();
                if (converter.Append(rwf) != CodecReturnCode.Success || converter.Payload.IsEmpty)
                    throw new InvalidOperationException(converter.LastError);
            }
        });
    }
}
