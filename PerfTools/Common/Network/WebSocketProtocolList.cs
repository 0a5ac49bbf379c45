using Eta.Transport.WebSocket;
using PerfTools.Common.CommandLine;

namespace PerfTools.Common.Network;

/// <summary>
/// The tools' <c>-pl "&lt;list&gt;"</c>: WebSocket sub-protocols in order of preference, comma or white space
/// delimited, as LSEG's C tools take it (<c>rssl.rwf</c>, <c>tr_json2</c>, and the old spellings <c>rssl.json.v2</c>,
/// <c>tr_rwf</c>).
/// </summary>
public static class WebSocketProtocolList
{
    /// <summary>
    /// The tools convert tr_json2 on their own channels (<see cref="JsonChannelPort"/>, <see cref="JsonOutbound"/>),
    /// not on the reactor's: with -reactor the option is refused with this line.
    /// </summary>
    public const string JsonNotWithReactor =
        "tr_json2 (rssl.json.v2) is converted on the tool's own channels, not with -reactor: use -pl rssl.rwf or leave out -reactor";

    /// <summary>Checks every name; the list is kept as given (the transport splits it).</summary>
    public static ValueParser<string> Parser(bool allowEmpty) =>
        (string text, out string value, out string rule) =>
        {
            value = text.Trim();
            string[]? names = SubProtocols.Parse(value, out string error);
            rule = names is null ? error : "at least one sub-protocol (rssl.rwf, tr_json2)";
            return names is not null && (allowEmpty || names.Length > 0);
        };

    /// <summary>True when the list names tr_json2 in either spelling.</summary>
    public static bool NamesJson(string list) =>
        Array.Exists(SubProtocols.Parse(list, out _) ?? [], name => SubProtocols.ProtocolTypeOf(name) == SubProtocols.JsonProtocolType);
}
