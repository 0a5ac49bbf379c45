using PerfTools.Tests.ConsPerf;
using PerfTools.TransportPerf;
using Xunit;

namespace PerfTools.Tests.TransportPerf;

/// <summary>The guide uses the proxy only with -proxy; a client given -ph or -pp without it is told, not left to wonder.</summary>
public sealed class ProxyWarningTests : IDisposable
{
    private const string Warning = "TransportPerf: warning: -ph and -pp are used only with -proxy; connecting directly.";
    private readonly TempFolder _dir = new("proxy-warning-");

    public void Dispose() => _dir.Dispose();

    private string Errors(params string[] extra)
    {
        var console = new StringWriter();
        var errors = new StringWriter();
        TransportPerfApp.Run(["-appType", "client", "-p", LoopbackRun.FreePort().ToString(), "-runTime", "1",
            "-summaryFile", _dir.File("s.out"), "-statsFile", _dir.File("st"), .. extra],
            console, errors, TestContext.Current.CancellationToken);
        return errors.ToString();
    }

    [Fact]
    public void A_client_with_a_proxy_host_and_no_proxy_flag_is_warned()
    {
        Assert.Contains(Warning, Errors("-ph", "127.0.0.1", "-pp", "3128"));
    }

    [Fact]
    public void A_client_that_uses_its_proxy_or_names_none_is_not()
    {
        Assert.DoesNotContain(Warning, Errors("-proxy", "-ph", "127.0.0.1", "-pp", LoopbackRun.FreePort().ToString()));
        Assert.DoesNotContain(Warning, Errors());
    }
}
