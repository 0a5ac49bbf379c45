using System.Globalization;

namespace PerfTools.Common.CommandLine;

/// <summary>Parsers for the value kinds the tools' option tables use.</summary>
public static class ValueParsers
{
    /// <summary>A whole number within [<paramref name="min"/>, <paramref name="max"/>].</summary>
    public static ValueParser<int> Int(int min = 0, int max = int.MaxValue) =>
        (string text, out int value, out string rule) =>
        {
            rule = max == int.MaxValue
                ? $"must be a whole number of at least {min} (got '{text}')"
                : $"must be a whole number from {min} to {max} (got '{text}')";
            return int.TryParse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out value)
                   && value >= min && value <= max;
        };

    /// <summary>A whole number, or the word <paramref name="keyword"/> which stands for <paramref name="keywordValue"/> (e.g. latency rate "all").</summary>
    public static ValueParser<int> IntOrKeyword(int min, string keyword, int keywordValue) =>
        (string text, out int value, out string rule) =>
        {
            rule = $"must be a whole number of at least {min} or \"{keyword}\" (got '{text}')";
            if (string.Equals(text, keyword, StringComparison.OrdinalIgnoreCase))
            {
                value = keywordValue;
                return true;
            }
            return int.TryParse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out value) && value >= min;
        };

    /// <summary>
    /// A TCP port number from <paramref name="min"/> to 65535, kept as the text typed (the tools' options hold
    /// ports as text, as the guide's do); 0 lets a server pick a free port.
    /// </summary>
    public static ValueParser<string> Port(int min = 1) =>
        (string text, out string value, out string rule) =>
        {
            value = text;
            rule = $"must be a port number from {min} to 65535 (got '{text}')";
            return int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out int port) && port >= min && port <= 65535;
        };

    /// <summary>Any text; <paramref name="allowEmpty"/> false rejects "" and text of only spaces (no host, file or name is blank).</summary>
    public static ValueParser<string> Text(bool allowEmpty = true) =>
        (string text, out string value, out string rule) =>
        {
            value = text;
            rule = text.Length == 0 ? "must not be empty" : $"must not be blank (got '{text}')";
            return allowEmpty || !string.IsNullOrWhiteSpace(text);
        };

    /// <summary>One of a fixed set of words (case-insensitive), each mapped to a value.</summary>
    public static ValueParser<TValue> Choice<TValue>(params (string Word, TValue Value)[] choices)
    {
        string allowed = string.Join(", ", choices.Select(c => c.Word));
        return (string text, out TValue value, out string rule) =>
        {
            rule = $"must be one of: {allowed} (got '{text}')";
            foreach ((string word, TValue candidate) in choices)
            {
                if (string.Equals(word, text, StringComparison.OrdinalIgnoreCase))
                {
                    value = candidate;
                    return true;
                }
            }
            value = default!;
            return false;
        };
    }

    /// <summary>
    /// The values <c>-compressionType</c> takes in every tool: the guide's words, and LSEG C's numbers for them
    /// (RsslCompTypes: 0 none, 1 zlib, 2 lz4), the only form LSEG C's ConsPerf and ProvPerf read, so scripts written for
    /// those run ours unchanged.
    /// </summary>
    public static (string Word, TValue Value)[] CompressionChoices<TValue>(TValue none, TValue zlib, TValue lz4) =>
        [("none", none), ("zlib", zlib), ("lz4", lz4), ("0", none), ("1", zlib), ("2", lz4)];

    /// <summary>A list of CPU ids for <c>-threads</c>.</summary>
    public static ValueParser<Threading.ThreadCpuList> CpuList() =>
        (string text, out Threading.ThreadCpuList value, out string rule) =>
        {
            bool ok = Threading.ThreadCpuList.TryParse(text, out value, out rule);
            if (!ok)
                rule += $" (got '{text}')";
            return ok;
        };
}
