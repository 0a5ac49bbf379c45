namespace PerfTools.Common.Xml;

/// <summary>Which message of the message data file a template describes.</summary>
public enum MsgTemplateKind
{
    Refresh,
    Update,
    Post,
    Generic,
}
