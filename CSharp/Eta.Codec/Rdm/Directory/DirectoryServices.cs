namespace Eta.Codec.Rdm;

/// <summary>The payload of directory refreshes and updates: a map from service id to <see cref="Service"/>.</summary>
internal static class DirectoryServices
{
    public static CodecReturnCode Encode(ref RwfEncoder encoder, List<Service> services, ServiceFilterFlags filter)
    {
        var header = new MapHeader { KeyPrimitiveType = DataTypes.UINT, ContainerType = DataTypes.FILTER_LIST };
        CodecReturnCode rc = encoder.MapInit(header);
        foreach (Service service in services)
        {
            if (rc != CodecReturnCode.SUCCESS)
                return rc;
            rc = ServiceEncoding.Encode(ref encoder, service, filter);
        }
        return rc == CodecReturnCode.SUCCESS ? encoder.MapComplete(success: true) : rc;
    }

    public static CodecReturnCode Decode(int containerType, ReadOnlySpan<byte> payload, List<Service> services)
    {
        services.Clear();
        if (containerType == DataTypes.NO_DATA)
            return CodecReturnCode.SUCCESS;
        if (containerType != DataTypes.MAP)
            return CodecReturnCode.INVALID_DATA;
        return ServiceDecoding.DecodeMap(payload, services);
    }
}
