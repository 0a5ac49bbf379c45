namespace Eta.Codec.Tests.Containers;

/// <summary>Valid encodings of every container type, used as seeds for mutation.</summary>
internal static class SampleContainers
{
    public static List<(int Type, byte[] Bytes)> All()
    {
        var samples = new List<(int, byte[])>
        {
            (DataTypes.FIELD_LIST, Encode(static (ref RwfEncoder e) => UpdatePayload.Encode(ref e))),
            (DataTypes.ELEMENT_LIST, Encode(ElementListWithEverything)),
            (DataTypes.MAP, Encode(MapWithSetDefsAndSummary)),
            (DataTypes.VECTOR, Encode(VectorOfSeries)),
            (DataTypes.FILTER_LIST, Encode(FilterListOfElementLists)),
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
        e.ElementEntry("real"u8, new Real(-12345, RealHints.FRACTION_16));
        e.ElementEntry("float"u8, new Float(1.25f));
        e.ElementEntry("double"u8, new RwfDouble(2.5));
        e.ElementEntry("date"u8, new Date(15, 11, 2005));
        e.ElementEntry("time"u8, new Time(1, 2, 3, 4, 5, 6));
        e.ElementEntry("dt"u8, new RwfDateTime(new Date(1, 2, 2003), new Time(4, 5, 6, 7)));
        e.ElementEntry("qos"u8, new Qos(QosTimeliness.DELAYED, QosRates.TIME_CONFLATED, true, 9, 10));
        e.ElementEntry("state"u8, new State(StreamStates.OPEN, DataStates.SUSPECT, StateCodes.TIMEOUT, "slow"u8));
        e.ElementEntry("name"u8, DataTypes.ASCII_STRING, "TRI.N"u8);
        e.ElementEntryInit("array"u8, DataTypes.ARRAY);
        e.ArrayInit(DataTypes.INT, 2);
        e.ArrayEntry(new Int(-3));
        e.ArrayEntry(new Int(300));
        e.ArrayComplete(true);
        e.ElementEntryComplete(true);
        e.ElementEntryInit("nested"u8, DataTypes.FIELD_LIST);
        e.FieldListInit();
        e.FieldEntry(1, new UInt(1));
        e.FieldListComplete(true);
        e.ElementEntryComplete(true);
        e.ElementListComplete(true);
    }

    private static void MapWithSetDefsAndSummary(ref RwfEncoder e)
    {
        var defs = new LocalFieldSetDefDb();
        defs.Define(0, [new(22, DataTypes.REAL_4RB), new(25, DataTypes.UINT_2), new(5, DataTypes.TIME_3)]);
        Span<byte> encodedDefs = stackalloc byte[64];
        var writer = new RwfWriter(encodedDefs);
        defs.Encode(ref writer);
        e.MapInit(new MapHeader
        {
            Flags = MapFlags.HAS_SET_DEFS | MapFlags.HAS_SUMMARY_DATA | MapFlags.HAS_PER_ENTRY_PERM_DATA
                | MapFlags.HAS_TOTAL_COUNT_HINT | MapFlags.HAS_KEY_FIELD_ID,
            KeyPrimitiveType = DataTypes.REAL,
            ContainerType = DataTypes.FIELD_LIST,
            KeyFieldId = 3427,
            TotalCountHint = 3,
            EncodedSetDefs = writer.Written,
        });
        e.FieldListInit();
        e.FieldEntry(15, new RwfEnum(840));
        e.FieldListComplete(true);
        e.MapSummaryDataComplete(true);
        e.MapEntry(MapEntryActions.ADD, new Real(10050, RealHints.EXPONENT_2),
            [(byte)(FieldListFlags.HAS_SET_DATA | FieldListFlags.HAS_STANDARD_DATA), 7, 0x40 | 12, 0x27, 0x10, 0x00, 0x05, 1, 2, 3, 0, 1, 0, 1, 1, 9], "perm"u8);
        e.MapEntryInit(MapEntryActions.UPDATE, new Real(10100, RealHints.EXPONENT_2));
        e.FieldListInit();
        e.FieldEntry(3428, new UInt(500));
        e.FieldListComplete(true);
        e.MapEntryComplete(true);
        e.MapEntry(MapEntryActions.DELETE, new Real(9999, RealHints.EXPONENT_2), default);
        e.MapComplete(true);
    }

    private static void VectorOfSeries(ref RwfEncoder e)
    {
        e.VectorInit(new VectorHeader
        {
            Flags = VectorFlags.HAS_SUMMARY_DATA | VectorFlags.HAS_TOTAL_COUNT_HINT | VectorFlags.HAS_PER_ENTRY_PERM_DATA,
            ContainerType = DataTypes.SERIES,
            TotalCountHint = 2,
        });
        e.SeriesInit(new SeriesHeader { ContainerType = DataTypes.ELEMENT_LIST });
        e.SeriesComplete(true);
        e.VectorSummaryDataComplete(true);
        e.VectorEntryInit(1, VectorEntryActions.INSERT, "p"u8);
        e.SeriesInit(new SeriesHeader { Flags = SeriesFlags.HAS_TOTAL_COUNT_HINT, ContainerType = DataTypes.ELEMENT_LIST, TotalCountHint = 1 });
        e.SeriesEntryInit();
        e.ElementListInit();
        e.ElementEntry("x"u8, new UInt(1));
        e.ElementListComplete(true);
        e.SeriesEntryComplete(true);
        e.SeriesComplete(true);
        e.VectorEntryComplete(true);
        e.VectorEntry(2, VectorEntryActions.CLEAR, default);
        e.VectorComplete(true);
    }

    private static void FilterListOfElementLists(ref RwfEncoder e)
    {
        e.FilterListInit(FilterListFlags.HAS_TOTAL_COUNT_HINT, DataTypes.ELEMENT_LIST, 2);
        e.FilterEntryInit(new FilterEntryHeader { Id = 1, Action = FilterEntryActions.SET });
        e.ElementListInit();
        e.ElementEntry("Name"u8, DataTypes.ASCII_STRING, "DIRECT_FEED"u8);
        e.ElementEntryInit("Capabilities"u8, DataTypes.ARRAY);
        e.ArrayInit(DataTypes.UINT);
        e.ArrayEntry(new UInt(6));
        e.ArrayEntry(new UInt(7));
        e.ArrayComplete(true);
        e.ElementEntryComplete(true);
        e.ElementListComplete(true);
        e.FilterEntryComplete(true);
        e.FilterEntry(new FilterEntryHeader { Id = 2, Action = FilterEntryActions.UPDATE, ContainerType = DataTypes.OPAQUE }, "raw"u8);
        e.FilterListComplete(true);
    }
}
