namespace Eta.Codec.Rdm;

/// <summary>The key of directory messages: the filter of wanted service filters, optionally one service id.</summary>
internal static class DirectoryKey
{
    public static MsgKey Create(ServiceFilterFlags filter, int? serviceId)
    {
        var key = new MsgKey { Flags = MsgKeyFlags.HasFilter, Filter = (uint)filter };
        if (serviceId is { } id)
        {
            key.Flags |= MsgKeyFlags.HasServiceId;
            key.ServiceId = id;
        }
        return key;
    }
}
