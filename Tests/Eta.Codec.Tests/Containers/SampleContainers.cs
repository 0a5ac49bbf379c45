namespace Eta.Codec.Tests.Containers;

/// <summary>Valid encodings of every container type, used as seeds for mutation.</summary>
internal static class SampleContainers
{
    public static List<(int Type, byte[] Bytes)> All()
    {
        var samples = new List<(int, byte[])>
        {
            (DataTypes.FieldList, Encode(static (ref RwfEncoder e) => UpdatePayload.Encode(ref e))),
            (DataTypes.ElementList, Encode(ElementListWithEverything)),
            (DataTypes.Map, Encode(MapWithSetDefsAndSummary)),
            (DataTypes.Vector, Encode(VectorOfSeries)),
            (DataTypes.FilterList, Encode(FilterListOfElementLists)),
        };
        return samples;
    }

    private delegate void EncodeAction(ref RwfEncoder encoder);

    private static byte[] Encode(EncodeAction action)
    {
        byte[] buffer = new byte[2048];
        var encoder = new RwfEncoder(buffer);
        action(ref encoder);
        if (encoder.Depth != 0)
            throw new InvalidOperationException("sample left a container open");
        return encoder.Written.ToArray();
    }

    private static void ElementListWithEverything(ref RwfEncoder e)
    {
        e.ElementListInit(7);
        e.ElementEntry("int"u8, new Int(-5));
        e.ElementEntry("real"u8, new Real(-12345, RealHints.Fraction16));
        e.ElementEntry("float"u8, new Float(1.25f));
        e.ElementEntry("double"u8, new RwfDouble(2.5));
        e.ElementEntry("date"u8, new Date(15, 11, 2005));
        e.ElementEntry("time"u8, new Time(1, 2, 3, 4, 5, 6));
        e.ElementEntry("dt"u8, new RwfDateTime(new Date(1, 2, 2003), new Time(4, 5, 6, 7)));
        e.ElementEntry("qos"u8, new Qos(QosTimeliness.Delayed, QosRates.TimeConflated, true, 9, 10));
        e.ElementEntry("state"u8, new State(StreamStates.Open, DataStates.Suspect, StateCodes.Timeout, "slow"u8));
        e.ElementEntry("name"u8, DataTypes.AsciiString, "TRI.N"u8);
        e.ElementEntryInit("array"u8, DataTypes.Array);
        e.ArrayInit(DataTypes.Int, 2);
        e.ArrayEntry(new Int(-3));
        e.ArrayEntry(new Int(300));
        e.ArrayComplete(true);
        e.ElementEntryComplete(true);
        e.ElementEntryInit("nested"u8, DataTypes.FieldList);
        e.FieldListInit();
        e.FieldEntry(1, new UInt(1));
        e.FieldListComplete(true);
        e.ElementEntryComplete(true);
        e.ElementListComplete(true);
    }

    private static void MapWithSetDefsAndSummary(ref RwfEncoder e)
    {
        var defs = new LocalFieldSetDefDb();
        defs.Define(0, [new(22, DataTypes.Real4Rb), new(25, DataTypes.UInt2), new(5, DataTypes.Time3)]);
        Span<byte> encodedDefs = stackalloc byte[64];
        var writer = new RwfWriter(encodedDefs);
        defs.Encode(ref writer);
        e.MapInit(new MapHeader
        {
            Flags = MapFlags.HasSetDefs | MapFlags.HasSummaryData | MapFlags.HasPerEntryPermData
                | MapFlags.HasTotalCountHint | MapFlags.HasKeyFieldId,
            KeyPrimitiveType = DataTypes.Real,
            ContainerType = DataTypes.FieldList,
            KeyFieldId = 3427,
            TotalCountHint = 3,
            EncodedSetDefs = writer.Written,
        });
        e.FieldListInit();
        e.FieldEntry(15, new RwfEnum(840));
        e.FieldListComplete(true);
        e.MapSummaryDataComplete(true);
        e.MapEntry(MapEntryActions.Add, new Real(10050, RealHints.ExponentNeg2),
            [(byte)(FieldListFlags.HasSetData | FieldListFlags.HasStandardData), 7, 0x40 | 12, 0x27, 0x10, 0x00, 0x05, 1, 2, 3, 0, 1, 0, 1, 1, 9], "perm"u8);
        e.MapEntryInit(MapEntryActions.Update, new Real(10100, RealHints.ExponentNeg2));
        e.FieldListInit();
        e.FieldEntry(3428, new UInt(500));
        e.FieldListComplete(true);
        e.MapEntryComplete(true);
        e.MapEntry(MapEntryActions.Delete, new Real(9999, RealHints.ExponentNeg2), default);
        e.MapComplete(true);
    }

    private static void VectorOfSeries(ref RwfEncoder e)
    {
        e.VectorInit(new VectorHeader
        {
            Flags = VectorFlags.HasSummaryData | VectorFlags.HasTotalCountHint | VectorFlags.HasPerEntryPermData,
            ContainerType = DataTypes.Series,
            TotalCountHint = 2,
        });
        e.SeriesInit(new SeriesHeader { ContainerType = DataTypes.ElementList });
        e.SeriesComplete(true);
        e.VectorSummaryDataComplete(true);
        e.VectorEntryInit(1, VectorEntryActions.Insert, "p"u8);
        e.SeriesInit(new SeriesHeader { Flags = SeriesFlags.HasTotalCountHint, ContainerType = DataTypes.ElementList, TotalCountHint = 1 });
        e.SeriesEntryInit();
        e.ElementListInit();
        e.ElementEntry("x"u8, new UInt(1));
        e.ElementListComplete(true);
        e.SeriesEntryComplete(true);
        e.SeriesComplete(true);
        e.VectorEntryComplete(true);
        e.VectorEntry(2, VectorEntryActions.Clear, default);
        e.VectorComplete(true);
    }

    private static void FilterListOfElementLists(ref RwfEncoder e)
    {
        e.FilterListInit(FilterListFlags.HasTotalCountHint, DataTypes.ElementList, 2);
        e.FilterEntryInit(new FilterEntryHeader { Id = 1, Action = FilterEntryActions.Set });
        e.ElementListInit();
        e.ElementEntry("Name"u8, DataTypes.AsciiString, "DIRECT_FEED"u8);
        e.ElementEntryInit("Capabilities"u8, DataTypes.Array);
        e.ArrayInit(DataTypes.UInt);
        e.ArrayEntry(new UInt(6));
        e.ArrayEntry(new UInt(7));
        e.ArrayComplete(true);
        e.ElementEntryComplete(true);
        e.ElementListComplete(true);
        e.FilterEntryComplete(true);
        e.FilterEntry(new FilterEntryHeader { Id = 2, Action = FilterEntryActions.Update, ContainerType = DataTypes.Opaque }, "raw"u8);
        e.FilterListComplete(true);
    }
}
