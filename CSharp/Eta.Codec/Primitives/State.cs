using System.Text;

namespace Eta.Codec;

/// <summary>
/// RWF State. A ref struct because its text is a slice of the decoded input (no copy).
/// <code>
/// byte 0: streamState(5 bits) dataState(3 bits);  code(1);  text(u15rb length + bytes)
/// </code>
/// Blank is zero bytes. String form "Open/Ok/None - text: \"...\"" (the code by its number when unnamed).
/// </summary>
public readonly ref struct State
{
    private State(int streamState, int dataState, int code, ReadOnlySpan<byte> text, bool isBlank)
    {
        StreamState = (byte)streamState;
        DataState = (byte)dataState;
        Code = (byte)code;
        Text = text;
        IsBlank = isBlank;
    }

    public State(int streamState, int dataState, int code = StateCodes.None, ReadOnlySpan<byte> text = default)
        : this(streamState, dataState, code, text, false)
    {
    }

    /// <summary>One of <see cref="StreamStates"/>.</summary>
    public byte StreamState { get; }

    /// <summary>One of <see cref="DataStates"/>.</summary>
    public byte DataState { get; }

    /// <summary>One of <see cref="StateCodes"/>.</summary>
    public byte Code { get; }

    /// <summary>Free text (bytes as sent, usually ASCII/UTF-8).</summary>
    public ReadOnlySpan<byte> Text { get; }

    public bool IsBlank { get; }

    public static State Blank => new(0, 0, 0, default, true);

    public const int DataType = DataTypes.State;

    public CodecReturnCode EncodeBody(ref RwfWriter writer)
    {
        if (IsBlank)
            return CodecReturnCode.Success;
        if (StreamState == StreamStates.Unspecified || StreamState > 31 || DataState > 7)
            return CodecReturnCode.InvalidData;
        int mark = writer.Mark();
        CodecReturnCode rc = writer.WriteByte((byte)((StreamState << 3) | DataState));
        if (rc == CodecReturnCode.Success)
            rc = writer.WriteByte(Code);
        if (rc == CodecReturnCode.Success)
            rc = writer.WriteBuffer15(Text);
        if (rc != CodecReturnCode.Success)
            writer.Rollback(mark);
        return rc;
    }

    public static CodecReturnCode Decode(ReadOnlySpan<byte> data, out State value)
    {
        value = Blank;
        if (data.IsEmpty)
            return CodecReturnCode.BlankData;
        var reader = new RwfReader(data);
        reader.ReadByte(out byte packed);
        if (reader.ReadByte(out byte code) != CodecReturnCode.Success
            || reader.ReadBuffer15(out ReadOnlySpan<byte> text) != CodecReturnCode.Success)
            return CodecReturnCode.IncompleteData;
        value = new State(packed >> 3, packed & 0x7, code, text);
        return CodecReturnCode.Success;
    }

    /// <summary>
    /// Parses "Open/Ok/None" or "Open/Ok/5", optionally followed by " - text: \"...\"" (prefix "State:" allowed).
    /// The text is returned as UTF-8 in <paramref name="textBuffer"/>, which the returned value points into.
    /// </summary>
    public static bool TryParse(ReadOnlySpan<char> text, Span<byte> textBuffer, out State value)
    {
        value = Blank;
        text = text.Trim();
        if (text.IsEmpty)
            return true;
        if (text.StartsWith("State:", StringComparison.OrdinalIgnoreCase))
            text = text[6..].TrimStart();
        int textMarker = text.IndexOf(" - text:", StringComparison.OrdinalIgnoreCase);
        ReadOnlySpan<char> main = textMarker < 0 ? text : text[..textMarker];
        Span<Range> parts = stackalloc Range[4];
        if (main.Split(parts, '/') != 3)
            return false;
        int streamState = NamedValues.IndexOf(StreamStates.Names, main[parts[0]].Trim());
        int dataState = NamedValues.IndexOf(DataStates.Names, main[parts[1]].Trim());
        ReadOnlySpan<char> codeText = main[parts[2]].Trim();
        int code = codeText.Equals("None", StringComparison.OrdinalIgnoreCase) ? 0 : -1;
        if (code < 0 && (!TextNumbers.TryParseInt(codeText, out code) || code > byte.MaxValue))
            return false;
        if (streamState <= 0 || dataState < 0)
            return false;
        int written = 0;
        if (textMarker >= 0)
        {
            ReadOnlySpan<char> quoted = text[(textMarker + 8)..].Trim();
            if (quoted.Length < 2 || quoted[0] != '"' || quoted[^1] != '"')
                return false;
            if (!Encoding.UTF8.TryGetBytes(quoted[1..^1], textBuffer, out written))
                return false;
        }
        value = new State(streamState, dataState, code, textBuffer[..written]);
        return true;
    }

    public override string ToString()
    {
        if (IsBlank)
            return "";
        string code = Code == StateCodes.None ? "None" : Code.ToString();
        return $"{NamedValues.Name(StreamStates.Names, StreamState)}/{NamedValues.Name(DataStates.Names, DataState)}/{code} - text: \"{Encoding.UTF8.GetString(Text)}\"";
    }
}
