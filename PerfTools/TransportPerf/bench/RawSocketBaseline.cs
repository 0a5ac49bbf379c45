#:property PublishAot=false
// Raw-socket baseline for TransportPerf's benchmark (run by run.sh, never by the tests):
//   dotnet run RawSocketBaseline.cs -- pingpong <seconds> <msgPerSec> <msgSize>   round trips, paced, one in flight
//   dotnet run RawSocketBaseline.cs -- tickpingpong <seconds> <msgPerSec> <msgSize> <tickRate>
//       round trips paced and waited for as TransportPerf does: every tick a burst of msgPerSec/tickRate messages
//       in one send, then both sides wait with Socket.Poll (timeout: the rest of the tick, rounded up to whole
//       milliseconds) and read what is there without blocking; the echo side writes back what it read in one send
//       with a sixth argument, a port: the echo side is another process (tickecho) listening there, as
//       TransportPerf's reflector is another process than its client
//   dotnet run RawSocketBaseline.cs -- tickecho <port> <tickRate>                 that echo side: accepts one connection
//       on 127.0.0.1:<port> and echoes it as tickpingpong's in-process echo thread does, until the peer closes
//   dotnet run RawSocketBaseline.cs -- blast <seconds> <msgSize>                   one-way throughput, unpaced
// Messages are length-prefixed (2 bytes) like a minimal framing, over TCP loopback with Nagle off.
using System.Buffers.Binary;
using System.Diagnostics;
using System.Globalization;
using System.Net;
using System.Net.Sockets;

string mode = args.Length > 0 ? args[0] : "pingpong";
int seconds = args.Length > 1 ? int.Parse(args[1], CultureInfo.InvariantCulture) : 10;

if (mode == "tickecho")
{
    int port = args.Length > 1 ? int.Parse(args[1], CultureInfo.InvariantCulture) : 15999;
    int echoTickRate = args.Length > 2 ? int.Parse(args[2], CultureInfo.InvariantCulture) : 1000;
    using var echoListener = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
    echoListener.Bind(new IPEndPoint(IPAddress.Loopback, port));
    echoListener.Listen(1);
    using Socket peer = echoListener.Accept();
    peer.NoDelay = true;
    peer.Blocking = false;
    TickEcho(peer, echoTickRate, CancellationToken.None);
    return;
}

// The client connects to another process's echo side (tickpingpong with a port), or to this process's own listener.
int externalEchoPort = mode == "tickpingpong" && args.Length > 5 ? int.Parse(args[5], CultureInfo.InvariantCulture) : 0;
using var listener = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
listener.Bind(new IPEndPoint(IPAddress.Loopback, 0));
listener.Listen(1);
using var client = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp) { NoDelay = true };
client.Connect(externalEchoPort > 0 ? new IPEndPoint(IPAddress.Loopback, externalEchoPort) : listener.LocalEndPoint!);
// With an external echo this process accepts nothing; "server" is then the idle listener and goes unused.
using Socket server = externalEchoPort > 0 ? listener : listener.Accept();
server.NoDelay = true;

if (mode == "pingpong")
{
    int rate = args.Length > 2 ? int.Parse(args[2], CultureInfo.InvariantCulture) : 10_000;
    int size = args.Length > 3 ? int.Parse(args[3], CultureInfo.InvariantCulture) : 76;
    var echo = new Thread(() =>
    {
        var frame = new byte[size + 2];
        try
        {
            while (ReadExactly(server, frame))
                server.Send(frame);
        }
        catch (SocketException)
        {
        }
    }) { IsBackground = true };
    echo.Start();

    var message = new byte[size + 2];
    BinaryPrimitives.WriteUInt16BigEndian(message, (ushort)size);
    var reply = new byte[size + 2];
    long interval = Stopwatch.Frequency / rate;
    long next = Stopwatch.GetTimestamp();
    long end = next + seconds * Stopwatch.Frequency;
    var rtts = new List<long>(rate * seconds);
    while (Stopwatch.GetTimestamp() < end)
    {
        while (Stopwatch.GetTimestamp() < next)
            Thread.SpinWait(20);
        next += interval;
        long t1 = Stopwatch.GetTimestamp();
        client.Send(message);
        ReadExactly(client, reply);
        rtts.Add(Stopwatch.GetTimestamp() - t1);
    }
    client.Shutdown(SocketShutdown.Both);
    rtts.Sort();
    double Micros(double p) => rtts[Math.Min(rtts.Count - 1, (int)(p / 100 * rtts.Count))] * 1e6 / Stopwatch.Frequency;
    Console.WriteLine(string.Format(CultureInfo.InvariantCulture,
        "raw pingpong: {0} round trips, p50 {1:F1} us, p99 {2:F1} us, p99.9 {3:F1} us", rtts.Count, Micros(50), Micros(99), Micros(99.9)));
}
else if (mode == "tickpingpong")
{
    int rate = args.Length > 2 ? int.Parse(args[2], CultureInfo.InvariantCulture) : 10_000;
    int size = args.Length > 3 ? int.Parse(args[3], CultureInfo.InvariantCulture) : 76;
    int tickRate = args.Length > 4 ? int.Parse(args[4], CultureInfo.InvariantCulture) : 1000;
    int frame = size + 2;
    int perTick = Math.Max(1, rate / tickRate);
    client.Blocking = false;
    server.Blocking = false;
    using var stop = new CancellationTokenSource();
    var echo = new Thread(() => TickEcho(server, tickRate, stop.Token)) { IsBackground = true };
    if (externalEchoPort == 0)
        echo.Start();

    // Each message carries its send time; the client matches replies by reading whole frames.
    var burst = new byte[frame * perTick];
    var inbox = new byte[1 << 16];
    int inboxCount = 0;
    long tick = Stopwatch.Frequency / tickRate;
    long start = Stopwatch.GetTimestamp();
    long end = start + seconds * Stopwatch.Frequency;
    long next = start;
    var rtts = new List<long>(rate * seconds);
    while (Stopwatch.GetTimestamp() < end)
    {
        for (int i = 0; i < perTick; i++)
        {
            Span<byte> m = burst.AsSpan(i * frame, frame);
            BinaryPrimitives.WriteUInt16BigEndian(m, (ushort)size);
            BinaryPrimitives.WriteInt64LittleEndian(m[2..], Stopwatch.GetTimestamp());
        }
        SendAll(client, burst);
        next += tick;
        while (true)
        {
            long now = Stopwatch.GetTimestamp();
            if (now >= next)
                break;
            if (!client.Poll(WaitMicros(next - now), SelectMode.SelectRead))
                continue;
            int n = client.Receive(inbox, inboxCount, inbox.Length - inboxCount, SocketFlags.None, out SocketError error);
            if (error == SocketError.WouldBlock)
                continue;
            if (error != SocketError.Success || n == 0)
                throw new SocketException((int)error);
            inboxCount += n;
            long received = Stopwatch.GetTimestamp();
            int whole = inboxCount / frame * frame;
            for (int at = 0; at < whole; at += frame)
                rtts.Add(received - BinaryPrimitives.ReadInt64LittleEndian(inbox.AsSpan(at + 2)));
            Buffer.BlockCopy(inbox, whole, inbox, 0, inboxCount - whole);
            inboxCount -= whole;
        }
    }
    stop.Cancel();
    client.Shutdown(SocketShutdown.Both);
    rtts.Sort();
    double Micros(double p) => rtts[Math.Min(rtts.Count - 1, (int)(p / 100 * rtts.Count))] * 1e6 / Stopwatch.Frequency;
    Console.WriteLine(string.Format(CultureInfo.InvariantCulture,
        "raw tick pingpong{4}: {0} round trips, p50 {1:F1} us, p99 {2:F1} us, p99.9 {3:F1} us", rtts.Count, Micros(50), Micros(99), Micros(99.9),
        externalEchoPort > 0 ? " (echo in another process)" : ""));
}
else
{
    int size = args.Length > 2 ? int.Parse(args[2], CultureInfo.InvariantCulture) : 150;
    long received = 0;
    var reader = new Thread(() =>
    {
        var chunk = new byte[1 << 16];
        long bytes = 0;
        try
        {
            int n;
            while ((n = server.Receive(chunk)) > 0)
                bytes += n;
        }
        catch (SocketException)
        {
        }
        received = bytes / (size + 2);
    });
    reader.Start();
    // Batches of whole frames, like a transport's packed, high-water-mark-flushed writes.
    var batch = new byte[(size + 2) * 40];
    for (int i = 0; i < 40; i++)
        BinaryPrimitives.WriteUInt16BigEndian(batch.AsSpan(i * (size + 2)), (ushort)size);
    long start = Stopwatch.GetTimestamp();
    long end = start + seconds * Stopwatch.Frequency;
    while (Stopwatch.GetTimestamp() < end)
        client.Send(batch);
    client.Shutdown(SocketShutdown.Send);
    reader.Join();
    double elapsed = (Stopwatch.GetTimestamp() - start) / (double)Stopwatch.Frequency;
    Console.WriteLine(string.Format(CultureInfo.InvariantCulture, "raw blast: {0:F0} msgs/s received ({1}-byte messages)", received / elapsed, size));
}

// The echo side of tickpingpong: waits with Poll for the rest of its own 1/tickRate ticks, reads what is there
// without blocking and writes it back in one send; returns when the peer closes or on cancellation.
static void TickEcho(Socket peer, int tickRate, CancellationToken stop)
{
    var chunk = new byte[1 << 16];
    long tickTicks = Stopwatch.Frequency / tickRate;
    long nextTick = Stopwatch.GetTimestamp() + tickTicks;
    while (!stop.IsCancellationRequested)
    {
        long now = Stopwatch.GetTimestamp();
        if (now >= nextTick)
            nextTick += tickTicks * ((now - nextTick) / tickTicks + 1);
        if (!peer.Poll(WaitMicros(nextTick - now), SelectMode.SelectRead))
            continue;
        int n = peer.Receive(chunk, 0, chunk.Length, SocketFlags.None, out SocketError error);
        if (error == SocketError.WouldBlock)
            continue;
        if (error != SocketError.Success || n == 0)
            return;
        SendAll(peer, chunk.AsSpan(0, n));
    }
}

// The rest of the tick as a Poll timeout: whole milliseconds rounded up (as the tool's PollTimeout), at least 1 ms.
static int WaitMicros(long stopwatchTicks) =>
    (int)Math.Max(1, (stopwatchTicks * 1000 + Stopwatch.Frequency - 1) / Stopwatch.Frequency) * 1000;

static void SendAll(Socket socket, ReadOnlySpan<byte> data)
{
    while (!data.IsEmpty)
    {
        int sent = socket.Send(data, SocketFlags.None, out SocketError error);
        if (error == SocketError.WouldBlock)
        {
            socket.Poll(1000, SelectMode.SelectWrite);
            continue;
        }
        if (error != SocketError.Success)
            throw new SocketException((int)error);
        data = data[sent..];
    }
}

static bool ReadExactly(Socket socket, byte[] buffer)
{
    int read = 0;
    while (read < buffer.Length)
    {
        int n = socket.Receive(buffer, read, buffer.Length - read, SocketFlags.None);
        if (n == 0)
            return false;
        read += n;
    }
    return true;
}
