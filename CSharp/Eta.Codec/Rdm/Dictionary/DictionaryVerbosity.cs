namespace Eta.Codec.Rdm;

/// <summary>How much of a dictionary to send: the dictionary request key's filter.</summary>
public enum DictionaryVerbosity : uint
{
    /// <summary>Only the summary (type, version, dictionary id).</summary>
    Info = 0x00,
    Minimal = 0x03,
    Normal = 0x07,
    Verbose = 0x0F,
}
