using System.Net;
using Eta.Transport;

namespace PerfTools.ProvPerf.Network;

/// <summary>
/// Writes the acceptor's "Channel {peer} closed: initialization failed: {error}" line through one reused char buffer
/// in a single write, so logging a bad client's close builds no string (a stream of bad clients would otherwise
/// make one or two per connection).
/// </summary>
internal sealed class CloseLog
{
    private readonly TextWriter _console;
    private char[] _line = new char[512];
    private int _length;

    public CloseLog(TextWriter console) => _console = console;

    /// <summary>The same text a provider thread logs for a channel it closes, so one grep finds every close.</summary>
    public void InitFailed(EndPoint? peer, TransportError error)
    {
        _length = 0;
        Append("Channel ");
        AppendPeer(peer);
        Append(" closed: initialization failed: ");
        AppendCode(error.Code);
        Append(": ");
        Append(error.Text);
        if (error.SystemError != 0)
        {
            Append(" (system error ");
            AppendInt(error.SystemError);
            Append(")");
        }
        Append(Environment.NewLine);
        _console.Write(_line.AsSpan(0, _length));
    }

    // As IPEndPoint.ToString writes it: "address:port", an IPv6 address in brackets.
    private void AppendPeer(EndPoint? peer)
    {
        if (peer is not IPEndPoint ip)
        {
            Append(peer?.ToString() ?? "(unknown peer)");
            return;
        }
        bool v6 = ip.AddressFamily == System.Net.Sockets.AddressFamily.InterNetworkV6;
        if (v6)
            Append("[");
        int written;
        while (!ip.Address.TryFormat(_line.AsSpan(_length), out written))
            Grow();
        _length += written;
        Append(v6 ? "]:" : ":");
        AppendInt(ip.Port);
    }

    private void AppendCode(TransportReturnCode code)
    {
        int written;
        while (!Enum.TryFormat(code, _line.AsSpan(_length), out written))
            Grow();
        _length += written;
    }

    private void AppendInt(int value)
    {
        int written;
        while (!value.TryFormat(_line.AsSpan(_length), out written, default, System.Globalization.CultureInfo.InvariantCulture))
            Grow();
        _length += written;
    }

    private void Append(ReadOnlySpan<char> text)
    {
        while (_line.Length - _length < text.Length)
            Grow();
        text.CopyTo(_line.AsSpan(_length));
        _length += text.Length;
    }

    private void Grow() => Array.Resize(ref _line, _line.Length * 2);
}
