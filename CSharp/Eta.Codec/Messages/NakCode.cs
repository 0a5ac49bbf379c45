namespace Eta.Codec;

/// <summary>Why a post was refused, carried by a negative Ack message (RSSL_NAKC_*).</summary>
public enum NakCode : byte
{
    None = 0,
    AccessDenied = 1,
    DeniedBySource = 2,
    SourceDown = 3,
    SourceUnknown = 4,
    NoResources = 5,
    NoResponse = 6,
    GatewayDown = 7,
    SymbolUnknown = 10,
    NotOpen = 11,
    InvalidContent = 12,
}
