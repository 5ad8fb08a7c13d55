extension AppState: JSONWritable {
    /// `{"state":…}` with `step`, `user` or `error` after it for the cases that carry one.
    public func write(to json: inout JSONBytes) {
        json.append(#"{"state":"#)
        json.writeString(kind.rawValue)
        switch self {
        case .loading, .unauthenticated: break
        case .onboarding(let step):
            json.append(#","step":"#)
            json.writeString(step.rawValue)
        case .authenticated(let user):
            json.append(#","user":"#)
            json.writeString(user)
        case .error(let kind):
            json.append(#","error":"#)
            json.writeString(kind.rawValue)
        }
        json.append(byte: UInt8(ascii: "}"))
    }
}
