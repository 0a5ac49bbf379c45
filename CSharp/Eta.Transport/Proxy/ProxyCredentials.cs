using System.Text;

namespace Eta.Transport.Proxy;

/// <summary>User name and password for an HTTP proxy that asks for Basic authentication.</summary>
internal sealed class ProxyCredentials
{
    public ProxyCredentials(string userName, string password)
    {
        ArgumentException.ThrowIfNullOrEmpty(userName);
        ArgumentNullException.ThrowIfNull(password);
        if (userName.Contains(':'))
            throw new ArgumentException("a Basic authentication user name cannot contain ':'", nameof(userName));
        if (userName.Any(char.IsControl) || password.Any(char.IsControl))
            throw new ArgumentException("proxy credentials cannot contain control characters");
        UserName = userName;
        Password = password;
    }

    public string UserName { get; }
    public string Password { get; }

    /// <summary>The value of a Proxy-Authorization header: "Basic " + base64(user ":" password), UTF-8.</summary>
    internal string BasicAuthorization() =>
        "Basic " + Convert.ToBase64String(Encoding.UTF8.GetBytes(UserName + ":" + Password));

    public override string ToString() => UserName; // never the password
}
