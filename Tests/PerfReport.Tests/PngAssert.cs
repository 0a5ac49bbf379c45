using SkiaSharp;
using Xunit;

namespace PerfReport.Tests;

/// <summary>Checks that bytes are a real, drawn PNG: the signature, the expected size, and more than a blank canvas.</summary>
internal static class PngAssert
{
    private static readonly byte[] Signature = [0x89, (byte)'P', (byte)'N', (byte)'G', 0x0D, 0x0A, 0x1A, 0x0A];

    public static void IsChart(byte[] png, int width, int height)
    {
        Assert.True(png.AsSpan().StartsWith(Signature), "PNG signature");
        using SKBitmap bitmap = SKBitmap.Decode(png) ?? throw new Xunit.Sdk.XunitException("the PNG does not decode");
        Assert.Equal(width, bitmap.Width);
        Assert.Equal(height, bitmap.Height);
        var colours = new HashSet<SKColor>();
        for (int y = 0; y < bitmap.Height; y += 3)
        {
            for (int x = 0; x < bitmap.Width; x += 3)
                colours.Add(bitmap.GetPixel(x, y));
        }
        // Text, axes, grid and at least one coloured series: a blank or single-colour image has 1-2 colours.
        Assert.True(colours.Count > 10, $"only {colours.Count} colours: nothing was drawn");
        Assert.Contains(colours, c => c.Red != c.Green || c.Green != c.Blue); // a series colour, not just greys
    }
}
