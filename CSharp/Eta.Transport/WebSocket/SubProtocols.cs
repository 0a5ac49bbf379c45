namespace Eta.Transport.WebSocket;

/// <summary>
/// The WebSocket sub-protocols LSEG's transport speaks (RTSDK 2.1.2 <c>rwsutils.c</c>, <c>rwsSubProtocols</c>):
/// <c>rssl.rwf</c> (old name <c>tr_rwf</c>): RWF in binary frames, the RIPC session running inside them;
/// <c>tr_json2</c> (old name <c>rssl.json.v2</c>): LSEG's JSON message model in text frames.
/// </summary>
public static class SubProtocols
{
    public const string Rwf = "rssl.rwf";
    public const string Json2 = "tr_json2";

    /// <summary>LSEG's older spellings, still accepted.</summary>
    public const string RwfOld = "tr_rwf";
    public const string Json2Old = "rssl.json.v2";

    /// <summary>Channel protocol type of <see cref="Rwf"/> (LSEG's <c>RSSL_RWF_PROTOCOL_TYPE</c>).</summary>
    public const int RwfProtocolType = 0;

    /// <summary>Channel protocol type of <see cref="Json2"/> (LSEG's <c>RSSL_JSON_PROTOCOL_TYPE</c>).</summary>
    public const int JsonProtocolType = 2;

    private static readonly char[] s_separators = [',', ' ', '\t'];

    /// <summary>The protocol type of a sub-protocol name (either spelling), or -1 when we do not speak it.</summary>
    public static int ProtocolTypeOf(string name) => name switch
    {
        Rwf or RwfOld => RwfProtocolType,
        Json2 or Json2Old => JsonProtocolType,
        _ => -1,
    };

    /// <summary>
    /// Splits a list as LSEG's tools take it (<c>-pl "tr_json2 rssl.rwf"</c>: comma or white space delimited);
    /// null with <paramref name="error"/> naming the first unknown entry.
    /// </summary>
    public static string[]? Parse(string? list, out string error)
    {
        error = "";
        string[] names = (list ?? "").Split(s_separators, StringSplitOptions.RemoveEmptyEntries);
        foreach (string name in names)
        {
            if (ProtocolTypeOf(name) < 0)
            {
                error = $"unknown WebSocket sub-protocol '{name}' (known: {Rwf}, {Json2}, {Json2Old}, {RwfOld})";
                return null;
            }
        }
        return names;
    }

    /// <summary>
    /// The server's choice: the first name of its own list (in its order of preference) that the client offered in
    /// its <c>Sec-WebSocket-Protocol</c> header, answered in the client's spelling (LSEG's server accepts both
    /// spellings of JSON whichever its list names); null when none.
    /// </summary>
    public static string? Choose(IReadOnlyList<string> serverList, string? offered)
    {
        if (string.IsNullOrEmpty(offered))
            return null;
        string[] offers = offered.Split(s_separators, StringSplitOptions.RemoveEmptyEntries);
        foreach (string preferred in serverList)
        {
            foreach (string offer in offers)
            {
                if (ProtocolTypeOf(offer) >= 0 && ProtocolTypeOf(offer) == ProtocolTypeOf(preferred))
                    return offer;
            }
        }
        return null;
    }
}
