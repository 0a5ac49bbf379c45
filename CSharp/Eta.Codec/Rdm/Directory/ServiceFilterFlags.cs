namespace Eta.Codec.Rdm;

/// <summary>Which service filters a directory request asks for: the directory key's filter bits.</summary>
[Flags]
public enum ServiceFilterFlags : uint
{
    None = 0,
    Info = 0x01,
    State = 0x02,
    Group = 0x04,
    Load = 0x08,
    Data = 0x10,
    Link = 0x20,
    SequencedMulticast = 0x40,

    /// <summary>What consumers usually ask for: Info, State and Group (ETA examples add Load and Link).</summary>
    All = Info | State | Group | Load | Data | Link,
}
