namespace Eta.Codec.Rdm;

/// <summary>Encodes a <see cref="Service"/> as a directory map entry: key = service id, value = filter list.</summary>
internal static class ServiceEncoding
{
    /// <summary>ETA writes capability domain types as 1-byte array items.</summary>
    private const int CapabilityItemLength = 1;

    public static CodecReturnCode Encode(ref RwfEncoder encoder, Service service, ServiceFilterFlags filter)
    {
        if (service.Action == MapEntryActions.Delete)
            return encoder.MapEntry(MapEntryActions.Delete, new UInt((ulong)service.ServiceId), default);
        CodecReturnCode rc = encoder.MapEntryInit(service.Action, new UInt((ulong)service.ServiceId));
        if (rc == CodecReturnCode.Success)
            rc = encoder.FilterListInit(FilterListFlags.None, DataTypes.ElementList);
        if (rc == CodecReturnCode.Success && service.Info is { } info && filter.HasFlag(ServiceFilterFlags.Info))
            rc = Filter(ref encoder, ServiceFilterIds.Info, info, EncodeInfo);
        if (rc == CodecReturnCode.Success && service.State is { } state && filter.HasFlag(ServiceFilterFlags.State))
            rc = Filter(ref encoder, ServiceFilterIds.State, state, EncodeState);
        if (rc == CodecReturnCode.Success && service.Load is { } load && filter.HasFlag(ServiceFilterFlags.Load))
            rc = Filter(ref encoder, ServiceFilterIds.Load, load, EncodeLoad);
        if (rc == CodecReturnCode.Success)
            rc = encoder.FilterListComplete(success: true);
        return rc == CodecReturnCode.Success ? encoder.MapEntryComplete(success: true) : rc;
    }

    private delegate CodecReturnCode ElementsWriter<T>(ref RwfEncoder encoder, T value);

    // One filter entry (SET) holding an element list.
    private static CodecReturnCode Filter<T>(ref RwfEncoder encoder, byte id, T value, ElementsWriter<T> writeElements)
    {
        var header = new FilterEntryHeader { Id = id, Action = FilterEntryActions.Set, ContainerType = DataTypes.ElementList };
        CodecReturnCode rc = encoder.FilterEntryInit(header);
        if (rc == CodecReturnCode.Success)
            rc = encoder.ElementListInit();
        if (rc == CodecReturnCode.Success)
            rc = writeElements(ref encoder, value);
        if (rc == CodecReturnCode.Success)
            rc = encoder.ElementListComplete(success: true);
        return rc == CodecReturnCode.Success ? encoder.FilterEntryComplete(success: true) : rc;
    }

    private static CodecReturnCode EncodeInfo(ref RwfEncoder encoder, ServiceInfo info)
    {
        CodecReturnCode rc = RdmElements.Ascii(ref encoder, ElementNames.Name, info.ServiceName);
        if (rc == CodecReturnCode.Success)
            rc = RdmElements.Ascii(ref encoder, ElementNames.Vendor, info.Vendor);
        if (rc == CodecReturnCode.Success)
            rc = RdmElements.UInt(ref encoder, ElementNames.IsSource, info.IsSource);
        if (rc == CodecReturnCode.Success)
            rc = RdmElements.UIntArray(ref encoder, ElementNames.Capabilities, info.Capabilities, CapabilityItemLength);
        if (rc == CodecReturnCode.Success)
            rc = RdmElements.AsciiArray(ref encoder, ElementNames.DictionariesProvided, info.DictionariesProvided);
        if (rc == CodecReturnCode.Success)
            rc = RdmElements.AsciiArray(ref encoder, ElementNames.DictionariesUsed, info.DictionariesUsed);
        if (rc == CodecReturnCode.Success)
            rc = RdmElements.QosArray(ref encoder, ElementNames.Qos, info.QosList);
        if (rc == CodecReturnCode.Success)
            rc = RdmElements.UInt(ref encoder, ElementNames.SupportsQosRange, info.SupportsQosRange);
        if (rc == CodecReturnCode.Success)
            rc = RdmElements.Ascii(ref encoder, ElementNames.ItemList, info.ItemList);
        if (rc == CodecReturnCode.Success)
            rc = RdmElements.UInt(ref encoder, ElementNames.SupportsOutOfBandSnapshots, info.SupportsOutOfBandSnapshots);
        if (rc == CodecReturnCode.Success)
            rc = RdmElements.UInt(ref encoder, ElementNames.AcceptingConsumerStatus, info.AcceptingConsumerStatus);
        return rc;
    }

    private static CodecReturnCode EncodeState(ref RwfEncoder encoder, ServiceState state)
    {
        CodecReturnCode rc = RdmElements.UInt(ref encoder, ElementNames.ServiceState, state.Value);
        if (rc == CodecReturnCode.Success)
            rc = RdmElements.UInt(ref encoder, ElementNames.AcceptingRequests, state.AcceptingRequests);
        if (rc == CodecReturnCode.Success)
            rc = RdmElements.State(ref encoder, ElementNames.Status, state.Status);
        return rc;
    }

    private static CodecReturnCode EncodeLoad(ref RwfEncoder encoder, ServiceLoad load)
    {
        CodecReturnCode rc = RdmElements.UInt(ref encoder, ElementNames.OpenLimit, load.OpenLimit);
        if (rc == CodecReturnCode.Success)
            rc = RdmElements.UInt(ref encoder, ElementNames.OpenWindow, load.OpenWindow);
        if (rc == CodecReturnCode.Success)
            rc = RdmElements.UInt(ref encoder, ElementNames.LoadFactor, load.LoadFactor);
        return rc;
    }
}
