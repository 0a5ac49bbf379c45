namespace Eta.Codec.Rdm;

/// <summary>
/// The login attributes and supported features a login request or refresh carries in its key's element list.
/// Each member is optional (null = not sent). Set once at login; reused across messages.
/// </summary>
public sealed class LoginAttributes
{
    private readonly string?[] _text = new string?[LoginElements.Count];
    private readonly ulong?[] _numbers = new ulong?[LoginElements.Count];

    public string? ApplicationId { get => Text(LoginElement.ApplicationId); set => SetText(LoginElement.ApplicationId, value); }
    public string? ApplicationName { get => Text(LoginElement.ApplicationName); set => SetText(LoginElement.ApplicationName, value); }
    public string? Position { get => Text(LoginElement.Position); set => SetText(LoginElement.Position, value); }
    public string? Password { get => Text(LoginElement.Password); set => SetText(LoginElement.Password, value); }
    public string? InstanceId { get => Text(LoginElement.InstanceId); set => SetText(LoginElement.InstanceId, value); }

    public ulong? ProvidePermissionProfile { get => Number(LoginElement.ProvidePermissionProfile); set => SetNumber(LoginElement.ProvidePermissionProfile, value); }
    public ulong? ProvidePermissionExpressions { get => Number(LoginElement.ProvidePermissionExpressions); set => SetNumber(LoginElement.ProvidePermissionExpressions, value); }
    public ulong? SingleOpen { get => Number(LoginElement.SingleOpen); set => SetNumber(LoginElement.SingleOpen, value); }
    public ulong? AllowSuspectData { get => Number(LoginElement.AllowSuspectData); set => SetNumber(LoginElement.AllowSuspectData, value); }
    public ulong? SupportProviderDictionaryDownload { get => Number(LoginElement.SupportProviderDictionaryDownload); set => SetNumber(LoginElement.SupportProviderDictionaryDownload, value); }

    /// <summary>See <see cref="LoginRoles"/>.</summary>
    public ulong? Role { get => Number(LoginElement.Role); set => SetNumber(LoginElement.Role, value); }
    public ulong? DownloadConnectionConfig { get => Number(LoginElement.DownloadConnectionConfig); set => SetNumber(LoginElement.DownloadConnectionConfig, value); }
    public ulong? SupportOMMPost { get => Number(LoginElement.SupportOMMPost); set => SetNumber(LoginElement.SupportOMMPost, value); }

    /// <summary>See <see cref="LoginBatchSupport"/>.</summary>
    public ulong? SupportBatchRequests { get => Number(LoginElement.SupportBatchRequests); set => SetNumber(LoginElement.SupportBatchRequests, value); }
    public ulong? SupportViewRequests { get => Number(LoginElement.SupportViewRequests); set => SetNumber(LoginElement.SupportViewRequests, value); }
    public ulong? SupportEnhancedSymbolList { get => Number(LoginElement.SupportEnhancedSymbolList); set => SetNumber(LoginElement.SupportEnhancedSymbolList, value); }
    public ulong? SupportStandby { get => Number(LoginElement.SupportStandby); set => SetNumber(LoginElement.SupportStandby, value); }
    public ulong? SupportPauseResume { get => Number(LoginElement.SupportPauseResume); set => SetNumber(LoginElement.SupportPauseResume, value); }
    public ulong? SupportOptimizedPauseResume { get => Number(LoginElement.SupportOptimizedPauseResume); set => SetNumber(LoginElement.SupportOptimizedPauseResume, value); }
    public ulong? SequenceRetryInterval { get => Number(LoginElement.SequenceRetryInterval); set => SetNumber(LoginElement.SequenceRetryInterval, value); }
    public ulong? UpdateBufferLimit { get => Number(LoginElement.UpdateBufferLimit); set => SetNumber(LoginElement.UpdateBufferLimit, value); }
    public ulong? SequenceNumberRecovery { get => Number(LoginElement.SequenceNumberRecovery); set => SetNumber(LoginElement.SequenceNumberRecovery, value); }

    /// <summary>Announces support for the login RTT message (value <see cref="LoginElements.RoundTripLatencySupported"/>).</summary>
    public bool SupportsRoundTripLatency
    {
        get => Number(LoginElement.RoundTripLatency) == LoginElements.RoundTripLatencySupported;
        set => SetNumber(LoginElement.RoundTripLatency, value ? LoginElements.RoundTripLatencySupported : null);
    }

    public string? Text(LoginElement element) => LoginElements.IsText(element) ? _text[(int)element] : null;

    public void SetText(LoginElement element, string? value)
    {
        if (!LoginElements.IsText(element))
            throw new ArgumentException($"{element} is a UINT element", nameof(element));
        _text[(int)element] = value;
    }

    public ulong? Number(LoginElement element) => LoginElements.IsText(element) ? null : _numbers[(int)element];

    public void SetNumber(LoginElement element, ulong? value)
    {
        if (LoginElements.IsText(element))
            throw new ArgumentException($"{element} is an ASCII_STRING element", nameof(element));
        _numbers[(int)element] = value;
    }

    /// <summary>Forgets every value.</summary>
    public void Clear()
    {
        Array.Clear(_text);
        Array.Clear(_numbers);
    }

    /// <summary>Writes the present members, in <paramref name="order"/>, as an element list (empty strings are skipped, as ETA does).</summary>
    public CodecReturnCode Encode(ref RwfEncoder encoder, ReadOnlySpan<LoginElement> order)
    {
        CodecReturnCode rc = encoder.ElementListInit();
        foreach (LoginElement element in order)
        {
            if (rc != CodecReturnCode.Success)
                break;
            rc = EncodeElement(ref encoder, element);
        }
        return rc == CodecReturnCode.Success ? encoder.ElementListComplete(success: true) : rc;
    }

    /// <summary>
    /// Takes every known element of a decoded login attribute list; unknown names are skipped, a known name with
    /// the wrong type is InvalidData.
    /// </summary>
    public CodecReturnCode Decode(ReadOnlySpan<byte> encodedElementList)
    {
        Clear();
        CodecReturnCode rc = ElementListDecoder.Decode(encodedElementList, out ElementListDecoder decoder);
        if (rc != CodecReturnCode.Success)
            return rc == CodecReturnCode.NoData ? CodecReturnCode.Success : rc;
        while ((rc = decoder.Next(out ElementEntry entry)) == CodecReturnCode.Success)
        {
            if (!LoginElements.TryFind(entry.Name, out LoginElement element))
                continue;
            rc = LoginElements.IsText(element) ? DecodeText(element, entry) : DecodeNumber(element, entry);
            if (rc != CodecReturnCode.Success)
                return rc;
        }
        return rc == CodecReturnCode.EndOfContainer ? CodecReturnCode.Success : rc;
    }

    private CodecReturnCode EncodeElement(ref RwfEncoder encoder, LoginElement element)
    {
        if (!LoginElements.IsText(element))
        {
            return _numbers[(int)element] is { } number
                ? encoder.ElementEntry(LoginElements.Name(element), new UInt(number))
                : CodecReturnCode.Success;
        }
        string? text = _text[(int)element];
        if (string.IsNullOrEmpty(text))
            return CodecReturnCode.Success;
        int length = RdmText.ByteCount(text);
        Span<byte> buffer = length <= RdmText.MaxStackBytes ? stackalloc byte[length] : new byte[length];
        return encoder.ElementEntry(LoginElements.Name(element), DataTypes.AsciiString, RdmText.ToBytes(text, buffer));
    }

    private CodecReturnCode DecodeText(LoginElement element, scoped in ElementEntry entry)
    {
        CodecReturnCode rc = RdmElementReader.Text(entry, out string value);
        if (rc == CodecReturnCode.Success)
            _text[(int)element] = value;
        return rc;
    }

    private CodecReturnCode DecodeNumber(LoginElement element, scoped in ElementEntry entry)
    {
        CodecReturnCode rc = RdmElementReader.UInt(entry, out ulong value);
        if (rc == CodecReturnCode.Success)
            _numbers[(int)element] = value;
        return rc;
    }
}
