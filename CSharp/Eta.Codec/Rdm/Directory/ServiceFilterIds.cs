namespace Eta.Codec.Rdm;

/// <summary>Filter entry ids of a directory service's filter list (one per <see cref="ServiceFilterFlags"/> bit).</summary>
public static class ServiceFilterIds
{
    public const byte Info = 1;
    public const byte State = 2;
    public const byte Group = 3;
    public const byte Load = 4;
    public const byte Data = 5;
    public const byte Link = 6;
    public const byte SequencedMulticast = 7;
}
