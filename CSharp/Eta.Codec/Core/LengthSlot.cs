namespace Eta.Codec;

/// <summary>
/// Bytes reserved by <see cref="RwfWriter.ReserveLength"/> for a length prefix whose value is known only once the
/// content after it has been written. <see cref="RwfWriter.CompleteLength"/> back-fills it.
/// </summary>
/// <param name="Offset">Position of the first reserved byte.</param>
/// <param name="Width">How many bytes were reserved (1, 2 or 3).</param>
/// <param name="Encoding">The length encoding to back-fill.</param>
public readonly record struct LengthSlot(int Offset, int Width, LengthEncoding Encoding)
{
    /// <summary>Position where the content measured by this length starts.</summary>
    public int ContentStart => Offset + Width;
}
