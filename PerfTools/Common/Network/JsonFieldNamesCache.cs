using System.Runtime.CompilerServices;
using Eta.Codec;
using Eta.Codec.Json;

namespace PerfTools.Common.Network;

/// <summary>One <see cref="JsonFieldNames"/> per loaded dictionary, built when a tool first needs it and shared by its threads.</summary>
public static class JsonFieldNamesCache
{
    private static readonly ConditionalWeakTable<DataDictionary, JsonFieldNames> s_names = new();

    public static JsonFieldNames For(DataDictionary dictionary) => s_names.GetValue(dictionary, static d => new JsonFieldNames(d));
}
