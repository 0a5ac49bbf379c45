using System.Net.Sockets;

namespace Eta.Transport;

/// <summary>
/// Entry point: <see cref="Initialize"/> once, then <see cref="Connect"/> (client) or <see cref="Bind"/> (server).
/// </summary>
public static class Transport
{
    /// <summary>Product version sent in the RIPC handshake unless the options say otherwise.</summary>
    public const string DefaultComponentVersion = "Eta.NET Transport 1.0";

    private static readonly object s_lock = new();
    private static int s_initCount;
    private static bool s_globalLocking;

    public static bool IsInitialized { get { lock (s_lock) return s_initCount > 0; } }

    public static TransportReturnCode Initialize(InitArgs? args = null)
    {
        lock (s_lock)
        {
            if (s_initCount == 0)
                s_globalLocking = args?.GlobalLocking ?? false;
            s_initCount++;
        }
        return TransportReturnCode.Success;
    }

    /// <summary>
    /// Undoes one <see cref="Initialize"/>. Also waits (up to two seconds) for channels closed in order to finish
    /// their ends (see <see cref="Channel.Close"/>), so a process that exits next leaves no connection to be reset.
    /// </summary>
    public static TransportReturnCode Uninitialize()
    {
        lock (s_lock)
        {
            if (s_initCount == 0)
                return TransportReturnCode.InitNotInitialized;
            s_initCount--;
        }
        Io.OrderlyClose.WaitForPending(Io.OrderlyClose.DrainLimit);
        return TransportReturnCode.Success;
    }

    /// <summary>
    /// Opens a client channel. Non-blocking (default): the channel comes back initializing; drive it with
    /// <see cref="Channel.Init"/>. Blocking: it comes back active. Null on failure, with <paramref name="error"/>.
    /// Invalid options throw <see cref="ArgumentException"/>.
    /// </summary>
    public static Channel? Connect(ConnectOptions options, out TransportError? error)
    {
        options.Validate();
        if (!CanOpen(out bool locking, out error))
            return null;
        Socket socket;
        try
        {
            socket = Wiring.ClientConnector.BeginConnect(options);
        }
        catch (SocketException e)
        {
            error = Fail(TransportReturnCode.Failure, $"Connect: cannot connect to {options.Host}:{options.Port}: {e.SocketErrorCode}", e.NativeErrorCode);
            return null;
        }
        catch (Wiring.InterfaceUnusableException e)
        {
            error = Fail(TransportReturnCode.Failure, $"Connect: {e.Message}", e.NativeErrorCode);
            return null;
        }
        Channel channel = Channel.ForClient(options, locking, socket);
        if (options.Blocking && BlockingInit.Run(channel, options.InitializationTimeout) != TransportReturnCode.Success)
        {
            if (channel.State == ChannelState.Initializing)
                channel.Init(); // past the deadline: records the timeout as the error
            error = channel.Error;
            channel.Close();
            return null;
        }
        return channel;
    }

    /// <summary>Opens a listening server. Null on failure (e.g. port in use), with <paramref name="error"/>.</summary>
    public static Server? Bind(BindOptions options, out TransportError? error)
    {
        options.Validate();
        if (!CanOpen(out bool locking, out error))
            return null;
        Tls.TlsServerOptions? tls = null;
        if (options.ConnectionType == ConnectionType.Encrypted
            && !Wiring.StreamFactory.TryLoadServerTls(options.Tls!, out tls, out string? tlsFailure))
        {
            error = Fail(TransportReturnCode.Failure, $"Bind: {tlsFailure}");
            return null;
        }
        try
        {
            return Server.Listen(options, locking, tls);
        }
        catch (SocketException e)
        {
            string where = options.InterfaceName is null ? $"port {options.Port}" : $"{options.InterfaceName}:{options.Port}";
            string why = e.SocketErrorCode == SocketError.AddressAlreadyInUse
                ? "the address is in use (another server listens there)"
                : e.SocketErrorCode.ToString();
            error = Fail(TransportReturnCode.Failure, $"cannot listen on {where}: {why}", e.NativeErrorCode);
            return null;
        }
    }

    /// <summary>
    /// What Connect and Bind check before opening a socket: the transport is initialized. Also gives the locking mode chosen at <see cref="Initialize"/>.
    /// </summary>
    private static bool CanOpen(out bool locking, out TransportError? error)
    {
        bool initialized;
        lock (s_lock)
        {
            locking = s_globalLocking;
            initialized = s_initCount > 0;
        }
        if (!initialized)
        {
            error = Fail(TransportReturnCode.InitNotInitialized, "Transport.Initialize was not called");
            return false;
        }
        error = null;
        return true;
    }

    private static TransportError Fail(TransportReturnCode code, string text, int systemError = 0)
    {
        var error = new TransportError();
        error.Set(code, text, systemError);
        return error;
    }
}
