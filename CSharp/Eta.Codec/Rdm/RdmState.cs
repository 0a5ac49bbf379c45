using System.Text;

namespace Eta.Codec.Rdm;

/// <summary>
/// Stream and data state of an admin message held as plain values (the text as a string), so an RDM message
/// object can keep it between messages. <see cref="State"/> is the wire view.
/// </summary>
public readonly record struct RdmState(byte StreamState, byte DataState, byte Code = 0, string Text = "")
{
    public static RdmState OpenOk(string text) => new(StreamStates.Open, DataStates.Ok, StateCodes.None, text);

    /// <summary>Copies a decoded state (allocates the text string).</summary>
    public static RdmState From(scoped in State state) =>
        new(state.StreamState, state.DataState, state.Code, Encoding.UTF8.GetString(state.Text));

    /// <summary>The wire view over a new copy of the text (admin messages are rare; see <see cref="RdmText.ToArray"/>).</summary>
    public State ToState() => new(StreamState, DataState, Code, Encoding.UTF8.GetBytes(Text));
}
