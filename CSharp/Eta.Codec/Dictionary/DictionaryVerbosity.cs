namespace Eta.Codec;

/// <summary>
/// How much of a dictionary a consumer asks for (the msgKey filter of a dictionary request) and a provider sends.
/// </summary>
public enum DictionaryVerbosity
{
    /// <summary>Summary data (version information) only, no fields or tables.</summary>
    Info = 0x00,

    /// <summary>NAME, FID, RIPPLETO, TYPE, LENGTH, RWFTYPE, RWFLEN per field.</summary>
    Minimal = 0x03,

    /// <summary>Minimal plus ENUMLENGTH and LONGNAME per field.</summary>
    Normal = 0x07,

    /// <summary>
    /// Everything, with descriptions; for field and enum dictionaries the same as Normal (MEANING is read when a
    /// provider sends it, but not sent).
    /// </summary>
    Verbose = 0x0F,
}
