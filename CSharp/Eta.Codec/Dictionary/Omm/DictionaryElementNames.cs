namespace Eta.Codec;

/// <summary>
/// Element names of the RDM dictionary domain payload, as LSEG providers send them (ASCII on the wire). The summary
/// names shared with other domains ("Type", "DictionaryId", "Version") are in <see cref="Rdm.ElementNames"/>.
/// </summary>
internal static class DictionaryElementNames
{
    // Summary data of enum tables only.
    public static ReadOnlySpan<byte> RtVersion => "RT_Version"u8;
    public static ReadOnlySpan<byte> DtVersion => "DT_Version"u8;

    // One series entry per field.
    public static ReadOnlySpan<byte> Name => "NAME"u8;
    public static ReadOnlySpan<byte> Fid => "FID"u8;
    public static ReadOnlySpan<byte> RippleTo => "RIPPLETO"u8;
    public static ReadOnlySpan<byte> FieldType => "TYPE"u8;
    public static ReadOnlySpan<byte> Length => "LENGTH"u8;
    public static ReadOnlySpan<byte> RwfType => "RWFTYPE"u8;
    public static ReadOnlySpan<byte> RwfLength => "RWFLEN"u8;
    public static ReadOnlySpan<byte> EnumLength => "ENUMLENGTH"u8;
    public static ReadOnlySpan<byte> LongName => "LONGNAME"u8;

    // One series entry per enum table. Older providers send the plural/singular variants.
    public static ReadOnlySpan<byte> Fids => "FIDS"u8;
    public static ReadOnlySpan<byte> LegacyFid => "FID"u8;
    public static ReadOnlySpan<byte> Value => "VALUE"u8;
    public static ReadOnlySpan<byte> LegacyValues => "VALUES"u8;
    public static ReadOnlySpan<byte> Display => "DISPLAY"u8;
    public static ReadOnlySpan<byte> LegacyDisplays => "DISPLAYS"u8;
    public static ReadOnlySpan<byte> Meaning => "MEANING"u8;
}
