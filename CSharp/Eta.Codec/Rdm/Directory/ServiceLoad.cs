namespace Eta.Codec.Rdm;

/// <summary>
/// The Load filter of a directory service.
/// <code>
/// ElementList: [OpenLimit UInt], [OpenWindow UInt], [LoadFactor UInt]
/// </code>
/// </summary>
public sealed class ServiceLoad
{
    public ulong? OpenLimit { get; set; }
    public ulong? OpenWindow { get; set; }
    public ulong? LoadFactor { get; set; }

    public void Clear() => OpenLimit = OpenWindow = LoadFactor = null;
}
