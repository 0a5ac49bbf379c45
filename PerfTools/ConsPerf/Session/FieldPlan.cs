using Eta.Codec;

namespace PerfTools.ConsPerf.Session;

/// <summary>A field's decode plan: how to decode it, and its enum table (ENUM fields).</summary>
internal readonly record struct FieldPlan(FieldKind Kind, EnumTypeTable? EnumTable);
