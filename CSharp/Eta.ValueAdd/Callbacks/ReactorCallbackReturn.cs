namespace Eta.ValueAdd;

/// <summary>What a callback tells the reactor (LSEG's <c>ReactorCallbackReturnCodes</c>).</summary>
public enum ReactorCallbackReturn
{
    /// <summary>Handled.</summary>
    Success = 0,

    /// <summary>From a login, directory or dictionary callback: pass the message on to <see cref="IReactorCallbacks.OnDefaultMsg"/>.</summary>
    Raise = -1,

    /// <summary>Something failed in the application: <see cref="Reactor.Dispatch"/> stops and returns <see cref="ReactorReturnCode.Failure"/>.</summary>
    Failure = -2,
}
