namespace Eta.Codec;

/// <summary>
/// RWF Qos: quality of service.
/// <code>
/// byte 0: timeliness(3 bits) rate(4 bits) dynamic(1 bit)
/// then timeInfo(2) when timeliness is Delayed, then rateInfo(2) when rate is TimeConflated
/// </code>
/// Blank is zero bytes. String form "Realtime/TickByTick/Static" with " - timeInfo: n" and " - rateInfo: n"
/// added when those are carried.
/// </summary>
public readonly struct Qos : IPrimitive<Qos>, IEquatable<Qos>
{
    private Qos(int timeliness, int rate, bool dynamic, int timeInfo, int rateInfo, bool isBlank)
    {
        Timeliness = (byte)timeliness;
        Rate = (byte)rate;
        IsDynamic = dynamic;
        TimeInfo = (ushort)timeInfo;
        RateInfo = (ushort)rateInfo;
        IsBlank = isBlank;
    }

    public Qos(int timeliness, int rate, bool dynamic = false, int timeInfo = 0, int rateInfo = 0)
        : this(timeliness, rate, dynamic, timeInfo, rateInfo, false)
    {
    }

    /// <summary>One of <see cref="QosTimeliness"/>.</summary>
    public byte Timeliness { get; }

    /// <summary>One of <see cref="QosRates"/>.</summary>
    public byte Rate { get; }

    public bool IsDynamic { get; }

    /// <summary>Delay in milliseconds when <see cref="Timeliness"/> is Delayed.</summary>
    public ushort TimeInfo { get; }

    /// <summary>Conflation interval in milliseconds when <see cref="Rate"/> is TimeConflated.</summary>
    public ushort RateInfo { get; }

    public bool IsBlank { get; }

    public static Qos Blank => new(0, 0, false, 0, 0, true);

    public static int DataType => DataTypes.Qos;

    public CodecReturnCode EncodeBody(ref RwfWriter writer)
    {
        if (IsBlank)
            return CodecReturnCode.Success;
        if (Timeliness is QosTimeliness.Unspecified or > QosTimeliness.Delayed
            || Rate is QosRates.Unspecified or > QosRates.TimeConflated)
            return CodecReturnCode.InvalidData;
        bool hasTimeInfo = Timeliness > QosTimeliness.DelayedUnknown;
        bool hasRateInfo = Rate > QosRates.JitConflated;
        if (writer.Remaining < 1 + (hasTimeInfo ? 2 : 0) + (hasRateInfo ? 2 : 0))
            return CodecReturnCode.BufferTooSmall;
        writer.WriteByte((byte)((Timeliness << 5) | (Rate << 1) | (IsDynamic ? 1 : 0)));
        if (hasTimeInfo)
            writer.WriteUInt16(TimeInfo);
        if (hasRateInfo)
            writer.WriteUInt16(RateInfo);
        return CodecReturnCode.Success;
    }

    public static CodecReturnCode Decode(ReadOnlySpan<byte> data, out Qos value)
    {
        value = Blank;
        if (data.IsEmpty)
            return CodecReturnCode.BlankData;
        var reader = new RwfReader(data);
        reader.ReadByte(out byte packed);
        int timeliness = packed >> 5, rate = (packed >> 1) & 0xF;
        ushort timeInfo = 0, rateInfo = 0;
        if (timeliness > QosTimeliness.DelayedUnknown && reader.ReadUInt16(out timeInfo) != CodecReturnCode.Success)
            return CodecReturnCode.IncompleteData;
        if (rate > QosRates.JitConflated && reader.ReadUInt16(out rateInfo) != CodecReturnCode.Success)
            return CodecReturnCode.IncompleteData;
        value = new Qos(timeliness, rate, (packed & 1) != 0, timeInfo, rateInfo);
        return CodecReturnCode.Success;
    }

    public static bool TryParse(ReadOnlySpan<char> text, out Qos value)
    {
        value = Blank;
        text = text.Trim();
        if (text.IsEmpty)
            return true;
        if (text.StartsWith("Qos:", StringComparison.OrdinalIgnoreCase))
            text = text[4..].TrimStart();
        Span<Range> sections = stackalloc Range[4];
        int sectionCount = text.Split(sections, " - ");
        ReadOnlySpan<char> main = text[sections[0]].Trim();
        Span<Range> parts = stackalloc Range[4];
        if (main.Split(parts, '/') != 3)
            return false;
        int timeliness = NamedValues.IndexOf(QosTimeliness.Names, main[parts[0]].Trim());
        int rate = NamedValues.IndexOf(QosRates.Names, main[parts[1]].Trim());
        ReadOnlySpan<char> dynamic = main[parts[2]].Trim();
        bool isDynamic = dynamic.Equals("Dynamic", StringComparison.OrdinalIgnoreCase);
        if (timeliness < 0 || rate < 0 || (!isDynamic && !dynamic.Equals("Static", StringComparison.OrdinalIgnoreCase)))
            return false;
        int timeInfo = 0, rateInfo = 0;
        for (int i = 1; i < sectionCount; i++)
        {
            ReadOnlySpan<char> section = text[sections[i]].Trim();
            if (!TryReadLabelled(section, "timeInfo:", ref timeInfo) && !TryReadLabelled(section, "rateInfo:", ref rateInfo))
                return false;
        }
        if (timeInfo > ushort.MaxValue || rateInfo > ushort.MaxValue)
            return false;
        value = new Qos(timeliness, rate, isDynamic, timeInfo, rateInfo);
        return true;
    }

    public override string ToString()
    {
        if (IsBlank)
            return "";
        string text = $"{NamedValues.Name(QosTimeliness.Names, Timeliness)}/{NamedValues.Name(QosRates.Names, Rate)}/{(IsDynamic ? "Dynamic" : "Static")}";
        if (Timeliness == QosTimeliness.Delayed)
            text += $" - timeInfo: {TimeInfo}";
        if (Rate == QosRates.TimeConflated)
            text += $" - rateInfo: {RateInfo}";
        return text;
    }

    public bool Equals(Qos other) => IsBlank == other.IsBlank && Timeliness == other.Timeliness && Rate == other.Rate
        && IsDynamic == other.IsDynamic && TimeInfo == other.TimeInfo && RateInfo == other.RateInfo;

    public override bool Equals(object? obj) => obj is Qos other && Equals(other);

    public override int GetHashCode() => HashCode.Combine(Timeliness, Rate, IsDynamic, TimeInfo, RateInfo, IsBlank);

    private static bool TryReadLabelled(ReadOnlySpan<char> section, string label, ref int value) =>
        section.StartsWith(label, StringComparison.OrdinalIgnoreCase)
        && TextNumbers.TryParseInt(section[label.Length..].Trim(), out value);
}
