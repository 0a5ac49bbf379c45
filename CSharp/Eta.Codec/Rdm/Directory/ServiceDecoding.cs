namespace Eta.Codec.Rdm;

/// <summary>
/// Reads the directory map into <see cref="Service"/> objects (allocating them: directories are rare).
/// Filters other than Info, State and Load, and elements this library does not model, are skipped.
/// </summary>
internal static class ServiceDecoding
{
    public static CodecReturnCode DecodeMap(ReadOnlySpan<byte> payload, List<Service> services)
    {
        CodecReturnCode rc = MapDecoder.Decode(payload, out MapDecoder map);
        if (rc == CodecReturnCode.Success && map.KeyPrimitiveType != DataTypes.UInt)
            return CodecReturnCode.InvalidData;
        while (rc == CodecReturnCode.Success && (rc = map.Next(out MapEntry entry)) == CodecReturnCode.Success)
        {
            rc = entry.DecodeKey(out UInt serviceId);
            if (rc != CodecReturnCode.Success)
                break;
            var service = new Service { ServiceId = (int)serviceId.Value, Action = entry.Action };
            if (entry.Action != MapEntryActions.Delete && map.ContainerType == DataTypes.FilterList)
                rc = DecodeFilters(entry.EncodedData, service);
            services.Add(service);
        }
        return Done(rc);
    }

    private static CodecReturnCode DecodeFilters(ReadOnlySpan<byte> data, Service service)
    {
        CodecReturnCode rc = FilterListDecoder.Decode(data, out FilterListDecoder filters);
        while (rc == CodecReturnCode.Success && (rc = filters.Next(out FilterEntry filter)) == CodecReturnCode.Success)
        {
            if (filter.Action == FilterEntryActions.Clear || filter.ContainerType != DataTypes.ElementList)
                continue;
            rc = filter.Id switch
            {
                ServiceFilterIds.Info => DecodeInfo(filter.EncodedData, service.Info ??= new ServiceInfo()),
                ServiceFilterIds.State => DecodeState(filter.EncodedData, service.State ??= new ServiceState()),
                ServiceFilterIds.Load => DecodeLoad(filter.EncodedData, service.Load ??= new ServiceLoad()),
                _ => CodecReturnCode.Success,
            };
        }
        return Done(rc);
    }

    private static CodecReturnCode DecodeInfo(ReadOnlySpan<byte> data, ServiceInfo info)
    {
        CodecReturnCode rc = ElementListDecoder.Decode(data, out ElementListDecoder elements);
        while (rc == CodecReturnCode.Success && (rc = elements.Next(out ElementEntry e)) == CodecReturnCode.Success)
        {
            ulong number;
            string text;
            if (e.NameIs(ElementNames.Name) && (rc = RdmElementReader.Text(e, out text)) == CodecReturnCode.Success)
                info.ServiceName = text;
            else if (e.NameIs(ElementNames.Vendor) && (rc = RdmElementReader.Text(e, out text)) == CodecReturnCode.Success)
                info.Vendor = text;
            else if (e.NameIs(ElementNames.IsSource) && (rc = RdmElementReader.UInt(e, out number)) == CodecReturnCode.Success)
                info.IsSource = number;
            else if (e.NameIs(ElementNames.Capabilities))
                rc = RdmElementReader.UIntArray(e, info.Capabilities);
            else if (e.NameIs(ElementNames.DictionariesProvided))
                rc = RdmElementReader.TextArray(e, info.DictionariesProvided);
            else if (e.NameIs(ElementNames.DictionariesUsed))
                rc = RdmElementReader.TextArray(e, info.DictionariesUsed);
            else if (e.NameIs(ElementNames.Qos))
                rc = RdmElementReader.QosArray(e, info.QosList);
            else if (e.NameIs(ElementNames.SupportsQosRange) && (rc = RdmElementReader.UInt(e, out number)) == CodecReturnCode.Success)
                info.SupportsQosRange = number;
            else if (e.NameIs(ElementNames.ItemList) && (rc = RdmElementReader.Text(e, out text)) == CodecReturnCode.Success)
                info.ItemList = text;
            else if (e.NameIs(ElementNames.SupportsOutOfBandSnapshots) && (rc = RdmElementReader.UInt(e, out number)) == CodecReturnCode.Success)
                info.SupportsOutOfBandSnapshots = number;
            else if (e.NameIs(ElementNames.AcceptingConsumerStatus) && (rc = RdmElementReader.UInt(e, out number)) == CodecReturnCode.Success)
                info.AcceptingConsumerStatus = number;
        }
        return Done(rc);
    }

    private static CodecReturnCode DecodeState(ReadOnlySpan<byte> data, ServiceState state)
    {
        CodecReturnCode rc = ElementListDecoder.Decode(data, out ElementListDecoder elements);
        while (rc == CodecReturnCode.Success && (rc = elements.Next(out ElementEntry e)) == CodecReturnCode.Success)
        {
            ulong number;
            if (e.NameIs(ElementNames.ServiceState) && (rc = RdmElementReader.UInt(e, out number)) == CodecReturnCode.Success)
                state.Value = number;
            else if (e.NameIs(ElementNames.AcceptingRequests) && (rc = RdmElementReader.UInt(e, out number)) == CodecReturnCode.Success)
                state.AcceptingRequests = number;
            else if (e.NameIs(ElementNames.Status) && (rc = RdmElementReader.State(e, out RdmState status)) == CodecReturnCode.Success)
                state.Status = status;
        }
        return Done(rc);
    }

    private static CodecReturnCode DecodeLoad(ReadOnlySpan<byte> data, ServiceLoad load)
    {
        CodecReturnCode rc = ElementListDecoder.Decode(data, out ElementListDecoder elements);
        while (rc == CodecReturnCode.Success && (rc = elements.Next(out ElementEntry e)) == CodecReturnCode.Success)
        {
            ulong number;
            if (e.NameIs(ElementNames.OpenLimit) && (rc = RdmElementReader.UInt(e, out number)) == CodecReturnCode.Success)
                load.OpenLimit = number;
            else if (e.NameIs(ElementNames.OpenWindow) && (rc = RdmElementReader.UInt(e, out number)) == CodecReturnCode.Success)
                load.OpenWindow = number;
            else if (e.NameIs(ElementNames.LoadFactor) && (rc = RdmElementReader.UInt(e, out number)) == CodecReturnCode.Success)
                load.LoadFactor = number;
        }
        return Done(rc);
    }

    // A container loop ends with EndOfContainer; an empty container is NoData. Both are fine.
    private static CodecReturnCode Done(CodecReturnCode rc) =>
        rc is CodecReturnCode.EndOfContainer or CodecReturnCode.NoData ? CodecReturnCode.Success : rc;
}
