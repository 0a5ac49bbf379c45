namespace Eta.ValueAdd;

/// <summary>How a consumer or NI provider role gets its dictionary (LSEG's <c>DictionaryDownloadModes</c>).</summary>
public enum DictionaryDownloadMode
{
    /// <summary>No download: the application brings its own (<see cref="ConsumerRole.Dictionary"/>, e.g. loaded from files) or needs none.</summary>
    None,

    /// <summary>
    /// After the directory refresh, request RWFFld and RWFEnum from the first service that lists both in its
    /// DictionariesProvided; the channel is ready once both are complete (their streams are then closed).
    /// </summary>
    FirstAvailable,
}
