using Eta.Codec;
using Eta.Codec.Json;

namespace PerfTools.Common.Network;

/// <summary>
/// The write side of a tr_json2 channel: a message is encoded in RWF into <see cref="Reserve"/>'s space, as on any
/// channel, and <see cref="Convert"/> turns it into the JSON text the transport sends. One thread; allocates nothing
/// per message once its buffers have grown.
/// </summary>
public sealed class JsonOutbound
{
    private readonly RwfToJsonConverter _converter;
    private byte[] _rwf = new byte[16 * 1024];

    public JsonOutbound(JsonFieldNames fields) => _converter = new RwfToJsonConverter(fields);

    /// <summary>Why the last message did not convert.</summary>
    public string? LastError => _converter.LastError;

    /// <summary>
    /// How long the JSON of an RWF message of <paramref name="rwfLength"/> bytes can be: LSEG's converter's estimate
    /// (rwfToJsonSimple::estimateJsonLength: six times the RWF, plus 300).
    /// </summary>
    public static int EstimatedJsonLength(int rwfLength) => rwfLength * 6 + 300;

    /// <summary>Space for one RWF message of at most <paramref name="maxLength"/> bytes.</summary>
    public Span<byte> Reserve(int maxLength)
    {
        if (_rwf.Length < maxLength)
            _rwf = new byte[Math.Max(maxLength, _rwf.Length * 2)];
        return _rwf.AsSpan(0, maxLength);
    }

    /// <summary>The JSON of the first <paramref name="length"/> bytes reserved; false when they do not convert.</summary>
    public bool Convert(int length, out ReadOnlySpan<byte> json) =>
        _converter.Convert(_rwf.AsSpan(0, length), out json) == CodecReturnCode.Success;
}
