namespace Eta.Codec.Rdm;

/// <summary>The payload of directory refreshes and updates: a map from service id to <see cref="Service"/>.</summary>
internal static class DirectoryServices
{
    public static CodecReturnCode Encode(ref RwfEncoder encoder, List<Service> services, ServiceFilterFlags filter)
    {
        var header = new MapHeader { KeyPrimitiveType = DataTypes.UInt, ContainerType = DataTypes.FilterList };
        CodecReturnCode rc = encoder.MapInit(header);
        foreach (Service service in services)
        {
            if (rc != CodecReturnCode.Success)
                return rc;
            rc = ServiceEncoding.Encode(ref encoder, service, filter);
        }
        return rc == CodecReturnCode.Success ? encoder.MapComplete(success: true) : rc;
    }

    public static CodecReturnCode Decode(int containerType, ReadOnlySpan<byte> payload, List<Service> services)
    {
        services.Clear();
        if (containerType == DataTypes.NoData)
            return CodecReturnCode.Success;
        if (containerType != DataTypes.Map)
            return CodecReturnCode.InvalidData;
        return ServiceDecoding.DecodeMap(payload, services);
    }
}
